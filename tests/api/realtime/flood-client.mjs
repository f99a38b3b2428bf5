// A client on a thread of its own: it sends as fast as it can, so that the event loop measured in
// the test is the server's alone. Reports what came back and the close.
import { parentPort, workerData } from "node:worker_threads";
import { WebSocket } from "ws";

const { url, frame, messageBytes } = workerData;
const bytes = Buffer.from(frame);
const ws = new WebSocket(url, ["v12.stomp"]);
ws.on("open", () => {
  for (let at = 0; at < bytes.length && ws.readyState === WebSocket.OPEN; at += messageBytes) {
    ws.send(bytes.subarray(at, at + messageBytes));
  }
  parentPort.postMessage({ type: "sent" });
});
ws.on("message", (data) => parentPort.postMessage({ type: "message", text: data.toString() }));
ws.on("close", (code) => {
  parentPort.postMessage({ type: "close", code });
  parentPort.close();
});
ws.on("error", (error) => parentPort.postMessage({ type: "error", message: error.message }));
