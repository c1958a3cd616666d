import { execFile } from "node:child_process";
import { promisify } from "node:util";

/**
 * The server's heap in use after full garbage collections, read through Node's inspector (the
 * server started with `--inspect`, its address printed as "Debugger listening on ws://…"):
 * what the process retains, whatever it happened to collect meanwhile. Spoken over the DevTools
 * protocol from a child process of its own, where Node 20 has a WebSocket (behind a flag).
 */
export async function retainedHeapOf(serverOutput: string): Promise<number> {
  const address = /Debugger listening on (ws:\/\/\S+)/.exec(serverOutput)?.[1];
  if (!address) throw new Error(`the server printed no inspector address:\n${serverOutput.slice(-2_000)}`);
  const flags = typeof WebSocket === "undefined" ? ["--experimental-websocket"] : [];
  const { stdout } = await promisify(execFile)(process.execPath, [...flags, "--no-warnings", "--input-type=module", "-e", INSPECTOR_CLIENT, address], { timeout: 60_000 });
  return Number(stdout.trim());
}

const INSPECTOR_CLIENT = `
const socket = new WebSocket(process.argv[1]);
const answers = new Map();
let last = 0;
socket.addEventListener("message", (message) => {
  const answer = JSON.parse(message.data);
  answers.get(answer.id)?.(answer);
});
const send = (method, params = {}) =>
  new Promise((resolve) => {
    last += 1;
    answers.set(last, resolve);
    socket.send(JSON.stringify({ id: last, method, params }));
  });
await new Promise((resolve, reject) => {
  socket.addEventListener("open", resolve);
  socket.addEventListener("error", reject);
});
for (let round = 0; round < 3; round += 1) await send("HeapProfiler.collectGarbage");
const answer = await send("Runtime.evaluate", { expression: "process.memoryUsage().heapUsed", returnByValue: true });
console.log(answer.result.result.value);
socket.close();
`;
