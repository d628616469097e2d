// idle: the Go twin of bench/http/idle.gol: the server half of bench/http/run idle, whose
// keep-alive connections bench/http/go/idleclient.go opens and leaves idle. GET /stats?n=N
// reports the threads, goroutines and memory that the N idle connections cost the server.
package main

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"runtime"
	"strconv"
	"strings"
)

func main() {
	addr := "127.0.0.1:18090"
	if len(os.Args) > 1 {
		addr = os.Args[1]
	}
	liveBefore := liveHeap()
	before := rss()
	threadsBefore := status("Threads")
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		io.WriteString(w, "ok")
	})
	http.HandleFunc("/stats", func(w http.ResponseWriter, r *http.Request) {
		n, _ := strconv.Atoi(r.URL.Query().Get("n"))
		if n <= 0 {
			n = 1
		}
		after := rss()
		liveAfter := liveHeap()
		fmt.Fprintf(w, "idle connections: %d\n", n)
		fmt.Fprintf(w, "goroutines: %d\n", runtime.NumGoroutine())
		fmt.Fprintf(w, "threads: %s before the connections, %s with them\n", threadsBefore, status("Threads"))
		fmt.Fprintf(w, "RSS before: %d KB, after: %d KB, per connection (server side): %.1f KB\n",
			before, after, float64(after-before)/float64(n))
		fmt.Fprintf(w, "live heap and stacks after a GC: before %d KB, after %d KB, per connection: %.1f KB\n",
			liveBefore>>10, liveAfter>>10, float64(liveAfter-liveBefore)/1024/float64(n))
	})
	fmt.Println("listening on", addr)
	if err := http.ListenAndServe(addr, nil); err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
}

// liveHeap is what a collection leaves in use: the heap and the goroutine stacks.
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
