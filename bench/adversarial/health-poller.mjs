// Asks `/api/health` one request after another until told "stop", from a thread of its own: the
// bench's main thread sends and reads the heavy request (tens of MB), and a hold of its event loop
// there would count as the server's in a poller sharing that loop. Posts back each answer's time (ms).
import { parentPort, workerData } from "node:worker_threads";

const { url, token } = workerData;
let stopped = false;
parentPort.on("message", (message) => {
  if (message === "stop") stopped = true;
});
const health = async () => {
  const res = await fetch(`${url}/api/health`, { headers: { authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
};
// One answer before the timing starts: a new thread's first fetch also loads the HTTP client and
// opens its connection, which is not the server's time.
await health();
parentPort.postMessage("started");
const latencies = [];
while (!stopped) {
  const t = performance.now();
  // A kept-alive connection the server closed is asked again (counted in the time).
  await health().catch(health);
  latencies.push(performance.now() - t);
}
parentPort.postMessage(latencies);
parentPort.close();
