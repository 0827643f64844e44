#!/usr/bin/env python3
"""A stand-in for WeGlide's API on 127.0.0.1, for flightlog's tests (docs/WEGLIDE.md).

Implements the two calls flightlog makes, as WeGlide's OpenAPI document describes them, and checks every
request against it: `POST /v1/igcfile` (multipart/form-data: `file` with a file name, `user_id` an integer,
`date_of_birth` a date YYYY-MM-DD, `aircraft_id` an integer; nothing else) answers 201 with a list of one
flight, 400 {"detail": "Aircraft not found"} for an aircraft not in the list, 422 with FastAPI's validation
errors for a request that breaks the schema; `GET /v1/aircraft` answers the aircraft list; `GET /v1/flight`
(query `user_id_in` ids separated by commas, `scoring_date_start` and `scoring_date_end` dates, `limit` at most 100;
nothing else) lists the flights uploaded here of those users on those days (from the file's HFDTE date and its
first and last B record), newest first, and answers 422 to a query that breaks the schema.

Prints the port on the first line of standard output, then serves until killed. Each request is logged as one
JSON line in --log (method, path, fields, file name, status) and each uploaded file kept as --files/N.igc.
--answer 503 (or 500) makes every upload answer that status; --hang makes uploads never answer; --lose-answer keeps
each upload (listed) and then closes the connection without an answer.
"""
import argparse
import datetime
import hashlib
import http.server
import json
import os
import re
import threading
import time
import urllib.parse

AIRCRAFT = [
    {"id": 160, "name": "LS 4", "kind": "GL", "sc_class": "club", "valid_dmst_index": 104},
    {"id": 161, "name": "LS 4 b", "kind": "GL", "sc_class": "club", "valid_dmst_index": 105},
    {"id": 52, "name": "ASW 19", "kind": "GL", "sc_class": "club", "valid_dmst_index": 100},
    {"id": 14, "name": "ASK 21", "kind": "GL", "sc_class": "double", "valid_dmst_index": 92},
    {"id": 7, "name": "Duo Discus", "kind": "GL", "sc_class": "double", "valid_dmst_index": 112},
]
UPLOAD_FIELDS = {"file": "file", "user_id": "integer", "date_of_birth": "date", "aircraft_id": "integer"}


def validation_error(loc, msg, kind):
    return {"loc": ["body", loc], "msg": msg, "type": kind}


def parse_multipart(content_type, body):
    """The parts of a multipart/form-data body: [(name, filename or None, bytes)], or an error string."""
    match = re.fullmatch(r'multipart/form-data;\s*boundary="?([^";]+)"?', content_type or "")
    if not match:
        return None, f"Content-Type must be multipart/form-data with a boundary, not {content_type!r}"
    delimiter = b"--" + match.group(1).encode()
    if not body.startswith(delimiter) or not body.rstrip(b"\r\n").endswith(delimiter + b"--"):
        return None, "the body does not start and end with the boundary"
    parts = []
    for chunk in body.split(b"\r\n" + delimiter)[0:-1]:
        chunk = chunk[len(delimiter) :] if chunk.startswith(delimiter) else chunk
        if not chunk.startswith(b"\r\n") or b"\r\n\r\n" not in chunk:
            return None, "a part without headers"
        head, data = chunk[2:].split(b"\r\n\r\n", 1)
        headers = {}
        for line in head.decode("utf-8").split("\r\n"):
            key, _, value = line.partition(":")
            headers[key.strip().lower()] = value.strip()
        disposition = headers.get("content-disposition", "")
        name = re.search(r'(?:^|;)\s*name="([^"]*)"', disposition)
        filename = re.search(r'filename="([^"]*)"', disposition)
        if not disposition.startswith("form-data") or not name:
            return None, f"a part whose Content-Disposition is not form-data with a name: {disposition!r}"
        parts.append((name.group(1), filename.group(1) if filename else None, data))
    return parts, None


def check_upload(parts):
    """FastAPI's 422 detail for a request that breaks the schema, else the checked values."""
    errors, values = [], {}
    names = [p[0] for p in parts]
    for name, filename, data in parts:
        if name not in UPLOAD_FIELDS:
            errors.append(validation_error(name, "extra field (not in WeGlide's schema)", "extra_forbidden"))
        elif names.count(name) > 1:
            errors.append(validation_error(name, "given more than once", "duplicate"))
        elif UPLOAD_FIELDS[name] == "file":
            if filename is None:
                errors.append(validation_error(name, "Expected UploadFile, received: <class 'str'>", "value_error"))
            values[name] = (filename, data)
        elif filename is not None:
            errors.append(validation_error(name, "a form field, not a file", "value_error"))
        elif UPLOAD_FIELDS[name] == "integer":
            if not re.fullmatch(rb"-?[0-9]+", data):
                errors.append(validation_error(name, "Input should be a valid integer", "int_parsing"))
            else:
                values[name] = int(data)
        elif UPLOAD_FIELDS[name] == "date":
            try:
                if not re.fullmatch(rb"[0-9]{4}-[0-9]{2}-[0-9]{2}", data):
                    raise ValueError
                values[name] = datetime.date.fromisoformat(data.decode()).isoformat()
            except ValueError:
                errors.append(validation_error(name, "Input should be a valid date", "date_from_datetime_parsing"))
    for name in UPLOAD_FIELDS:
        if name not in names:
            errors.append(validation_error(name, "Field required", "missing"))
    return errors, values


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def log_message(self, *args):
        pass

    def answer(self, status, obj, record):
        body = json.dumps(obj).encode()
        record["status"] = status
        with self.server.lock:
            with open(self.server.options.log, "a") as log:
                log.write(json.dumps(record) + "\n")
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        record = {"method": "GET", "path": self.path}
        if self.path.split("?")[0] == "/v1/aircraft":
            return self.answer(200, AIRCRAFT, record)
        if self.path.split("?")[0] == "/v1/flight":
            return self.flight_list(record)
        self.answer(404, {"detail": "Not Found"}, record)

    def flight_list(self, record):
        """`GET /v1/flight` as flightlog asks it, the query checked against the schema."""
        query = urllib.parse.parse_qs(urllib.parse.urlsplit(self.path).query, keep_blank_values=True)
        errors, users, dates, limit = [], set(), [None, None], 100
        for name, values in query.items():
            value = values[-1]
            if len(values) > 1:
                errors.append({"loc": ["query", name], "msg": "given more than once", "type": "duplicate"})
            elif name == "user_id_in" and re.fullmatch(r"[0-9]+(,[0-9]+)*", value):
                users = {int(u) for u in value.split(",")}
            elif name in ("scoring_date_start", "scoring_date_end") and re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value):
                dates[name.endswith("end")] = value
            elif name == "limit" and re.fullmatch(r"[0-9]+", value) and int(value) <= 100:
                limit = int(value)
            else:
                errors.append({"loc": ["query", name], "msg": f"not in the schema: {value!r}", "type": "value_error"})
        record["query"] = {k: v[-1] for k, v in query.items()}
        if errors:
            return self.answer(422, {"detail": errors}, record)
        with self.server.lock:
            flights = [f for f in self.server.flights if (not users or f["user"]["id"] in users)
                       and (dates[0] is None or f["scoring_date"] >= dates[0])
                       and (dates[1] is None or f["scoring_date"] <= dates[1])]
        self.answer(200, sorted(flights, key=lambda f: -f["id"])[:limit], record)

    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        body = self.rfile.read(length)
        record = {"method": "POST", "path": self.path, "contentType": self.headers.get("Content-Type")}
        if self.path != "/v1/igcfile":
            return self.answer(404, {"detail": "Not Found"}, record)
        options = self.server.options
        if options.hang:
            time.sleep(3600)
        parts, problem = parse_multipart(self.headers.get("Content-Type"), body)
        if problem:
            return self.answer(422, {"detail": [validation_error("body", problem, "value_error")]}, record)
        errors, values = check_upload(parts)
        record["fields"] = {k: v for k, v in values.items() if k != "file"}
        if errors:
            return self.answer(422, {"detail": errors}, record)
        if options.answer:
            return self.answer(options.answer, {"detail": "Internal Server Error"}, record)
        if values["aircraft_id"] not in {a["id"] for a in AIRCRAFT}:
            return self.answer(400, {"detail": "Aircraft not found"}, record)
        filename, data = values["file"]
        with self.server.lock:
            self.server.next_id += 1
            flight_id = self.server.next_id
        path = os.path.join(options.files, f"{flight_id}.igc")
        with open(path, "wb") as f:
            f.write(data)
        record.update(fileName=filename, sha256=hashlib.sha256(data).hexdigest(), saved=path, flightId=flight_id)
        aircraft = next(a for a in AIRCRAFT if a["id"] == values["aircraft_id"])
        flight = {"id": flight_id, "user": {"id": values["user_id"], "name": "Test Pilot"},
                  "aircraft": {"id": aircraft["id"], "name": aircraft["name"]}, **igc_times(data)}
        with self.server.lock:
            self.server.flights.append(flight)
        if options.lose_answer:
            record["status"] = "lost"
            with self.server.lock:
                with open(options.log, "a") as log:
                    log.write(json.dumps(record) + "\n")
            self.close_connection = True
            return
        self.answer(201, [flight], record)


def igc_times(data):
    """scoring_date, takeoff_time and landing_time of an IGC file: its HFDTE date, its first and last B record."""
    text = data.decode("ascii", "replace")
    date = re.search(r"^HFDTE(?:DATE:)?([0-9]{2})([0-9]{2})([0-9]{2})", text, re.MULTILINE)
    day = datetime.date(2000 + int(date.group(3)), int(date.group(2)), int(date.group(1))) if date else None
    times = re.findall(r"^B([0-9]{2})([0-9]{2})([0-9]{2})", text, re.MULTILINE)
    if not day or not times:
        return {"scoring_date": "2025-05-03", "takeoff_time": "2025-05-03T10:00:00Z", "landing_time": "2025-05-03T11:00:00Z"}
    stamp = lambda t: f"{day.isoformat()}T{t[0]}:{t[1]}:{t[2]}Z"
    return {"scoring_date": day.isoformat(), "takeoff_time": stamp(times[0]), "landing_time": stamp(times[-1])}


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--log", required=True)
    parser.add_argument("--files", required=True)
    parser.add_argument("--answer", type=int, default=0)
    parser.add_argument("--hang", action="store_true")
    parser.add_argument("--lose-answer", action="store_true")
    options = parser.parse_args()
    os.makedirs(options.files, exist_ok=True)
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    server.options, server.lock, server.next_id, server.flights = options, threading.Lock(), 345677, []
    print(server.server_address[1], flush=True)
    server.serve_forever()


if __name__ == "__main__":
    main()
