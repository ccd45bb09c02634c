import net from "node:net";

/**
 * Writes `text` to the server on `port` as it is and reads the answer until the server closes the
 * connection (send `Connection: close`): for what fetch cannot send (an odd request line, an odd
 * or repeated Host). `headers` is the head of the answer, lowercased.
 */
export function sendRaw(port: number, text: string): Promise<{ status: number; headers: string; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, "127.0.0.1", () => socket.write(text));
    let data = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk) => (data += chunk));
    socket.on("error", reject);
    socket.on("end", () => {
      const [head, ...rest] = data.split("\r\n\r\n");
      resolve({ status: Number(head.split(" ")[1]), headers: head.toLowerCase(), body: rest.join("\r\n\r\n") });
    });
  });
}
