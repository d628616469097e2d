// http_hello: the Node.js twin of bench/http/http_hello.gol, for bench/http/run's comparison:
// a hello-world handler on 127.0.0.1:PORT (default 8080), Node's http module, one process.
const http = require('http');

const [host, port] = (process.argv[2] || '127.0.0.1:8080').split(':');
const server = http.createServer((req, res) => {
  res.setHeader('Content-Type', 'text/plain; charset=utf-8');
  res.end('Hello, World!\n');
});
server.keepAliveTimeout = 0; // keep idle keep-alive connections open, as Go's server does
server.listen(Number(port), host, () => console.log('listening on', host + ':' + port));
