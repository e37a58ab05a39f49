#!/usr/bin/env python3
"""A fake MCP server for toolrisk's live tests: well-behaved modes and one hostile mode for
each failure toolrisk must survive. stdio by default; --http PORT serves Streamable HTTP.

Modes (--mode): normal, paged (three pages), stateless (2026-07-28 only: no initialize),
old-version (answers 2024-11-05), exit (exits at once), hang (never answers), flood (endless
notifications), garbage (non-JSON on stdout), rpc-error (tools/list fails), endless-cursor,
repeat-cursor, huge (a 3 MB description), repeated-key (a tool object naming "name" twice), ignore-sigterm (hangs and ignores SIGTERM, with a
child process in its group), server-request (asks ping and roots/list before answering),
stderr-noise (chatty stderr). HTTP only: --sse answers with event streams; --log FILE
records request methods, session ids and DELETEs.
"""
import argparse
import json
import os
import signal
import subprocess
import sys
import time

TOOLS = [
    {"name": "read_file", "description": "Read a file", "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}}}},
    {"name": "write_file", "description": "Create or overwrite a file", "inputSchema": {"type": "object", "properties": {"path": {"type": "string"}, "content": {"type": "string"}}}},
    {"name": "delete_namespace", "description": "Delete a Kubernetes namespace", "inputSchema": {"type": "object", "properties": {"name": {"type": "string"}}}},
    {"name": "send_email", "description": "Send an email", "inputSchema": {"type": "object", "properties": {"to": {"type": "string"}}}},
    {"name": "run_query", "description": "Run SQL", "inputSchema": {"type": "object", "properties": {"sql": {"type": "string"}}}},
    {"name": "get_weather", "description": "Current weather", "inputSchema": {"type": "object", "properties": {"city": {"type": "string"}}}},
]

args = None


def result_for(msg):
    """The response to one request, or None for notifications."""
    method, mid = msg.get("method"), msg.get("id")
    if mid is None:
        return None
    params = msg.get("params") or {}
    mode = args.mode
    if method == "initialize":
        if mode == "stateless":
            return {"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": "Method not found: initialize"}}
        version = {"old-version": "2024-11-05", "unknown-version": "2023-01-01"}.get(mode, params.get("protocolVersion", "2025-06-18"))
        return {"jsonrpc": "2.0", "id": mid, "result": {"protocolVersion": version, "capabilities": {"tools": {}},
                                                        "serverInfo": {"name": "fake-" + mode, "version": "1.0"}}}
    if method == "server/discover":
        if mode != "stateless":
            return {"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": "Method not found"}}
        return {"jsonrpc": "2.0", "id": mid, "result": {"supportedVersions": ["2026-07-28"], "capabilities": {"tools": {}},
                                                        "serverInfo": {"name": "fake-stateless", "version": "1.0"},
                                                        "cacheScope": "public", "resultType": "complete", "ttlMs": 0}}
    if method == "tools/list":
        if mode == "stateless":
            meta = params.get("_meta") or {}
            if meta.get("io.modelcontextprotocol/protocolVersion") != "2026-07-28":
                return {"jsonrpc": "2.0", "id": mid, "error": {"code": -32022, "message": "protocol version required"}}
        if mode == "rpc-error":
            return {"jsonrpc": "2.0", "id": mid, "error": {"code": -32603, "message": "backend unavailable"}}
        cursor = params.get("cursor")
        if mode == "paged":
            page = int(cursor or 0)
            res = {"tools": TOOLS[page * 2:page * 2 + 2]}
            if page < 2:
                res["nextCursor"] = str(page + 1)
            return {"jsonrpc": "2.0", "id": mid, "result": res}
        if mode == "endless-cursor":
            return {"jsonrpc": "2.0", "id": mid, "result": {"tools": TOOLS[:1], "nextCursor": str(int(cursor or 0) + 1)}}
        if mode == "repeat-cursor":
            return {"jsonrpc": "2.0", "id": mid, "result": {"tools": TOOLS[:1], "nextCursor": "same"}}
        if mode == "huge":
            return {"jsonrpc": "2.0", "id": mid, "result": {"tools": [dict(TOOLS[0], description="x" * 3_000_000)]}}
        return {"jsonrpc": "2.0", "id": mid, "result": {"tools": TOOLS}}
    if method == "ping":
        return {"jsonrpc": "2.0", "id": mid, "result": {}}
    return {"jsonrpc": "2.0", "id": mid, "error": {"code": -32601, "message": "Method not found: " + str(method)}}


def encode(res):
    """A response as JSON text; in repeated-key mode a tool object names its "name" twice, as
    {"name": "delete_all", "name": "read_file"}: readers that keep the first and readers that
    keep the last see different tools."""
    text = json.dumps(res)
    if args.mode == "repeated-key":
        text = text.replace('"name": "read_file"', '"name": "delete_all", "name": "read_file"', 1)
    return text


def stdio():
    out = sys.stdout
    mode = args.mode
    if mode == "exit":
        sys.exit(3)
    if mode == "ignore-sigterm":
        signal.signal(signal.SIGTERM, signal.SIG_IGN)
        subprocess.Popen(["sleep", args.child_seconds])  # a child in our process group
        while True:
            time.sleep(1)
    if mode == "garbage-exit":
        out.write("Error: FAKE_API_KEY is not set\n")
        out.flush()
        sys.exit(1)
    if mode == "garbage":
        out.write("Server starting on stdio...\n")
        out.flush()
    for line in sys.stdin:
        if mode == "stderr-noise":
            sys.stderr.write("debug: got a line of %d bytes\n" % len(line))
            sys.stderr.flush()
        msg = json.loads(line)
        if mode == "hang":
            continue
        if mode == "flood":
            while True:
                out.write(json.dumps({"jsonrpc": "2.0", "method": "notifications/message", "params": {"level": "info", "data": "x" * 1000}}) + "\n")
        if mode == "server-request" and msg.get("method") == "tools/list":
            out.write(json.dumps({"jsonrpc": "2.0", "id": "s1", "method": "ping"}) + "\n")
            out.write(json.dumps({"jsonrpc": "2.0", "id": "s2", "method": "roots/list"}) + "\n")
            out.flush()
            for _ in range(2):
                reply = json.loads(sys.stdin.readline())
                assert reply.get("id") in ("s1", "s2"), reply
        res = result_for(msg)
        if res is not None:
            if mode == "garbage":
                out.write("handled " + str(msg.get("method")) + "\n")
            out.write(encode(res) + "\n")
            out.flush()


def http(port):
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
    import uuid

    def log(line):
        if args.log:
            with open(args.log, "a") as f:
                f.write(line + "\n")

    class Handler(BaseHTTPRequestHandler):
        sessions = set()

        def log_message(self, *a):
            pass

        def do_POST(self):
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            session = self.headers.get("Mcp-Session-Id")
            log("POST %s session=%s version=%s accept=%s" % (body.get("method"), session,
                                                             self.headers.get("MCP-Protocol-Version"), self.headers.get("Accept")))
            if args.mode == "hang":
                time.sleep(60)
            if body.get("method") != "initialize" and body.get("method") != "server/discover" and session not in Handler.sessions and args.mode != "stateless":
                self.send_response(400)
                self.end_headers()
                self.wfile.write(b"missing session")
                return
            res = result_for(body)
            if res is None:
                self.send_response(202)
                self.end_headers()
                return
            if args.mode == "rpc-error" and body.get("method") == "tools/list":
                pass
            self.send_response(200)
            if body.get("method") == "initialize":
                sid = str(uuid.uuid4())
                Handler.sessions.add(sid)
                self.send_header("Mcp-Session-Id", sid)
            if args.sse:
                self.send_header("Content-Type", "text/event-stream")
                self.end_headers()
                # A notification first, then the response, as servers do while working.
                self.wfile.write(b"event: message\ndata: " + json.dumps({"jsonrpc": "2.0", "method": "notifications/progress", "params": {"progress": 1}}).encode() + b"\n\n")
                self.wfile.write(b"event: message\ndata: " + encode(res).encode() + b"\n\n")
            else:
                data = encode(res).encode()
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

        def do_DELETE(self):
            log("DELETE session=%s" % self.headers.get("Mcp-Session-Id"))
            self.send_response(200)
            self.end_headers()

    server = ThreadingHTTPServer(("127.0.0.1", port), Handler)
    print("listening on %d" % server.server_address[1], flush=True)
    server.serve_forever()


def main():
    global args
    ap = argparse.ArgumentParser()
    ap.add_argument("--mode", default="normal")
    ap.add_argument("--http", type=int)
    ap.add_argument("--sse", action="store_true")
    ap.add_argument("--log")
    ap.add_argument("--child-seconds", default="300", help="how long ignore-sigterm's child sleeps (tests make it unique)")
    args = ap.parse_args()
    if args.http is not None:
        http(args.http)
    else:
        stdio()


if __name__ == "__main__":
    main()
