import { marked } from "marked";
const t=(name,f)=>{const s=performance.now(); try{f(); console.log(name, (performance.now()-s).toFixed(0),"ms");}catch(e){console.log(name,"THROW",e.message.slice(0,80), (performance.now()-s).toFixed(0))}};
t("ghp 20k lexer", ()=>marked.lexer("ghp_".repeat(5000)));
t("a_ 20k parse", ()=>marked.parse("a_".repeat(10000)));
t("> 2000 lexer", ()=>marked.lexer(">".repeat(2000)));
t("list item long 200k", ()=>marked.lexer("- " + "word ".repeat(40000)));
t("* runs 20k", ()=>marked.parse("*a".repeat(10000)));
t("[ 20k", ()=>marked.parse("[".repeat(20000)));
