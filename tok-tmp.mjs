import { countTokens, setMergeCacheSize, clearMergeCache } from "gpt-tokenizer";
const mode = process.argv[2];
if (mode==="clear") setMergeCacheSize(1e9);
let since=0;
const ct = (t)=>{ if(mode==="clear"){ since+=t.length; if(since>250_000){clearMergeCache(); since=0;} } return countTokens(t); };
function rnd(seed){ let s=seed>>>0; return ()=>{ s^=s<<13; s^=s>>>17; s^=s<<5; return (s>>>0)/4294967296; }; }
function text(n, r){ let out=""; while(out.length<n){ out+=" "; const k=4+Math.floor(r()*6); for(let j=0;j<k;j++) out+=String.fromCharCode(97+Math.floor(r()*26)); if(r()<0.05) out+="\n"; } return out; }
const probe = text(200_000, rnd(7));
const time = () => { const t=performance.now(); ct(probe); return performance.now()-t; };
const med = (a)=>a.sort((x,y)=>x-y)[a.length>>1];
const before = med([time(),time(),time(),time(),time()]);
let total=0; const t0=performance.now(); const rr=rnd(99);
while(total<+process.argv[3]){ const t=text(100_000, rr); ct(t); total+=t.length; }
const soak=performance.now()-t0;
const after = med([time(),time(),time(),time(),time()]);
console.log(mode, process.argv[3], {before, after, ratio: after/before, soak});
