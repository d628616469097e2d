// http_hello: the wrk target: a hello-world handler on 127.0.0.1:PORT (default 8080).
// The Go twin of bench/http/http_hello.gol.
package main

import (
	"fmt"
	"net/http"
	"os"
)

func main() {
	addr := "127.0.0.1:8080"
	if len(os.Args) > 1 {
		addr = os.Args[1]
	}
	http.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("Hello, World!\n"))
	})
	fmt.Println("listening on", addr)
	if err := http.ListenAndServe(addr, nil); err != nil {
		fmt.Println(err)
		os.Exit(1)
	}
}
