#!/usr/bin/env node
// The floor of one HTTP round trip: a bare node:http server, no library, that answers every POST
// with a JSON-RPC result echoing the request's id and params. Started like the servers
// (`--transport http --port 0`, both ignored), it names its URL on stderr.
import { createServer } from "node:http";

const server = createServer((request, response) => {
  const chunks = [];
  request.on("data", (chunk) => chunks.push(chunk));
  request.on("end", () => {
    const { id, params } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
    const body = JSON.stringify({ jsonrpc: "2.0", id, result: { echo: params } });
    response.writeHead(200, {
      "content-type": "application/json",
      "content-length": Buffer.byteLength(body),
    });
    response.end(body);
  });
});
server.listen(0, "127.0.0.1", () => {
  process.stderr.write(`listening on http://127.0.0.1:${server.address().port}/mcp\n`);
});
