// idleclient: the client half of bench/http/run idle: opens N keep-alive connections to the
// server at ADDR (bench/http/idle.gol or its Go twin), makes one request on each and leaves
// them idle, then asks the server on one more connection what they cost it (GET /stats?n=N).
// A process of its own, so that the server holds only its own N descriptors: both halves of
// 10,000 connections in one process need more than this machine's limit of 20,000.
package main

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strconv"
	"time"
)

func main() {
	if len(os.Args) < 3 {
		fmt.Fprintln(os.Stderr, "usage: idleclient ADDR N")
		os.Exit(2)
	}
	addr := os.Args[1]
	n, err := strconv.Atoi(os.Args[2])
	if err != nil || n <= 0 {
		fmt.Fprintln(os.Stderr, "idleclient: N must be a positive number")
		os.Exit(2)
	}
	conns := make([]net.Conn, 0, n)
	for i := 0; i < n; i++ {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			fmt.Println("dial", i, err)
			break
		}
		io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			fmt.Println("read", i, err)
			c.Close()
			break
		}
		io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		conns = append(conns, c)
	}
	time.Sleep(2 * time.Second)
	client := &http.Client{Transport: &http.Transport{DisableKeepAlives: true}}
	resp, err := client.Get(fmt.Sprintf("http://%s/stats?n=%d", addr, len(conns)))
	if err != nil {
		fmt.Println("stats:", err)
		os.Exit(1)
	}
	io.Copy(os.Stdout, resp.Body)
	resp.Body.Close()
}
