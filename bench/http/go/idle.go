// idle: holds N idle keep-alive HTTP connections to its own server (default 10,000) and
// prints the Java threads, goroutines and memory they cost. Each connection has served one
// request and parks in the poller waiting for the next.
package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
	"time"
)

func main() {
	n := 10000
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		panic(err)
	}
	go http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "ok")
	}))
	liveBefore := liveHeap()
	before := rss()
	threadsBefore := status("Threads")
	conns := make([]net.Conn, 0, n)
	buf := make([]byte, 512)
	for i := 0; i < n; i++ {
		c, err := net.Dial("tcp", ln.Addr().String())
		if err != nil {
			fmt.Println("dial", i, err)
			break
		}
		io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
		if _, err := c.Read(buf); err != nil {
			fmt.Println("read", i, err)
			break
		}
		conns = append(conns, c)
	}
	time.Sleep(2 * time.Second)
	after := rss()
	liveAfter := liveHeap()
	fmt.Printf("idle connections: %d\n", len(conns))
	fmt.Printf("goroutines: %d\n", runtime.NumGoroutine())
	fmt.Printf("threads: %s before the connections, %s with them\n", threadsBefore, status("Threads"))
	fmt.Printf("RSS before: %d KB, after: %d KB, per connection (server and client side): %.1f KB\n",
		before, after, float64(after-before)/float64(len(conns)))
	fmt.Printf("live heap and stacks after a GC: before %d KB, after %d KB, per connection: %.1f KB\n",
		liveBefore>>10, liveAfter>>10, float64(liveAfter-liveBefore)/1024/float64(len(conns)))
}

// liveHeap is what a collection leaves in use: the heap and the goroutine stacks (gol's
// stacks are on the JVM's heap; Go counts them apart).
func liveHeap() uint64 {
	runtime.GC()
	var m runtime.MemStats
	runtime.ReadMemStats(&m)
	return m.HeapAlloc + m.StackInuse
}

// status returns a field of /proc/self/status.
func status(key string) string {
	b, _ := os.ReadFile("/proc/self/status")
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, key+":") {
			return strings.TrimSpace(line[len(key)+1:])
		}
	}
	return "?"
}

func rss() int {
	f := strings.Fields(status("VmRSS"))
	if len(f) == 0 {
		return 0
	}
	kb, _ := strconv.Atoi(f[0])
	return kb
}
