#!/usr/bin/env python3
"""Replays, request for request, what Zeppelin's Python SDK (pyzeppelin's ZeppelinClient and ZSession) sends
when a pipeline runs a note and an interpreter session, using only the standard library (the SDK itself needs
PyPI). Prints one JSON object with what the pipeline would have seen.

usage: sdk_replay.py BASE_URL USER PASSWORD PYTHON_EXECUTABLE
"""
import http.cookiejar
import json
import sys
import time
import urllib.error
import urllib.parse
import urllib.request

DEADLINE_S = 60
POLL_S = 0.1


class RestError(Exception):
    def __init__(self, status, text):
        super().__init__("Invoke rest api failed, status code: {}, status text: {}".format(status, text))
        self.status = status


def wait_for(read, done, what):
    """The SDK polls without end; here a deadline turns a hang into a failure."""
    end = time.time() + DEADLINE_S
    while True:
        value = read()
        if done(value):
            return value
        if time.time() > end:
            raise TimeoutError("gave up waiting for " + what + ": " + json.dumps(value))
        time.sleep(POLL_S)


def query_value(v):
    # requests writes Python booleans as True / False in a query string.
    return str(v) if isinstance(v, bool) else v


class Client:
    """The REST calls of ZeppelinClient, with the same paths, query strings and bodies."""

    def __init__(self, base):
        self.base = base.rstrip("/")
        self.opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(http.cookiejar.CookieJar()))

    def call(self, method, path, query=None, body=None, form=None):
        url = self.base + path
        if query:
            url += "?" + urllib.parse.urlencode({k: query_value(v) for k, v in query.items()})
        headers = {}
        data = None
        if body is not None:
            data = json.dumps(body).encode()
            headers["Content-Type"] = "application/json"
        elif form is not None:
            data = urllib.parse.urlencode(form).encode()
            headers["Content-Type"] = "application/x-www-form-urlencoded"
        elif method in ("POST", "PUT"):
            data = b""
        req = urllib.request.Request(url, data=data, method=method, headers=headers)
        try:
            with self.opener.open(req) as res:
                return json.loads(res.read().decode() or "{}")
        except urllib.error.HTTPError as e:
            raise RestError(e.code, e.read().decode()) from None

    def login(self, user, password):
        self.call("POST", "/api/login", form={"userName": user, "password": password})

    def version(self):
        return self.call("GET", "/api/version")["body"]["version"]

    def create_note(self, path, group):
        return self.call("POST", "/api/notebook", body={"name": path, "defaultInterpreterGroup": group})["body"]

    def delete_note(self, note_id):
        self.call("DELETE", "/api/notebook/" + note_id)

    def note(self, note_id):
        return self.call("GET", "/api/notebook/" + note_id)["body"]

    def clone_note(self, note_id, path):
        return self.call("POST", "/api/notebook/" + note_id, body={"name": path})["body"]

    def submit_note(self, note_id, params):
        self.call("POST", "/api/notebook/job/" + note_id, query={"blocking": "false", "isolated": "true", "reload": "true"},
                  body={"params": params})
        return self.note(note_id)

    def wait_note(self, note_id):
        # The SDK's test: a note is running unless info.isRunning is present and false.
        def running(note):
            info = note.get("info")
            return bool(info.get("isRunning", "False")) if info is not None else False
        return wait_for(lambda: self.note(note_id), lambda n: not running(n), "note " + note_id)

    def add_paragraph(self, note_id, title, text):
        return self.call("POST", "/api/notebook/" + note_id + "/paragraph", body={"title": title, "text": text})["body"]

    def update_paragraph(self, note_id, paragraph_id, title, text):
        self.call("PUT", "/api/notebook/" + note_id + "/paragraph/" + paragraph_id, body={"title": title, "text": text})

    def paragraph(self, note_id, paragraph_id):
        return self.call("GET", "/api/notebook/" + note_id + "/paragraph/" + paragraph_id)["body"]

    def submit_paragraph(self, note_id, paragraph_id, params=None, session_id="", isolated=False):
        self.call("POST", "/api/notebook/job/" + note_id + "/" + paragraph_id,
                  query={"sessionId": session_id, "isolated": isolated, "reload": "true"}, body={"params": params or {}})
        return self.paragraph(note_id, paragraph_id)

    def wait_paragraph(self, note_id, paragraph_id, ended=("FINISHED", "ERROR", "ABORTED")):
        return wait_for(lambda: self.paragraph(note_id, paragraph_id), lambda p: p.get("status") in ended,
                        "paragraph " + paragraph_id)

    def execute_paragraph(self, note_id, paragraph_id, params=None, session_id=""):
        self.submit_paragraph(note_id, paragraph_id, params, session_id)
        return self.wait_paragraph(note_id, paragraph_id)

    def cancel_paragraph(self, note_id, paragraph_id):
        self.call("DELETE", "/api/notebook/job/" + note_id + "/" + paragraph_id)

    def new_session(self, interpreter):
        return self.call("POST", "/api/session", query={"interpreter": interpreter})["body"]

    def stop_session(self, session_id):
        self.call("DELETE", "/api/session/" + session_id)

    def session(self, session_id):
        return self.call("GET", "/api/session/" + session_id)["body"]

    def next_session_paragraph(self, note_id, max_statement):
        return self.call("POST", "/api/notebook/" + note_id + "/paragraph/next", query={"maxParagraph": max_statement})["message"]


class Session:
    """ZSession: a configuration paragraph, an init paragraph, then one recycled paragraph per statement."""

    def __init__(self, client, interpreter, properties, max_statement=100):
        self.client = client
        self.interpreter = interpreter
        self.properties = properties
        self.max_statement = max_statement
        self.info = None

    def start(self):
        self.info = self.client.new_session(self.interpreter)
        note_id, session_id = self.info["noteId"], self.info["sessionId"]
        conf = "%" + self.interpreter + ".conf\n" + "\n".join(k + " " + v for k, v in self.properties.items())
        conf_id = self.client.add_paragraph(note_id, "Session Configuration", conf)
        conf_run = self.client.execute_paragraph(note_id, conf_id, session_id=session_id)
        if conf_run["status"] != "FINISHED":
            raise RuntimeError("Fail to configure session: " + json.dumps(conf_run))
        init_id = self.client.add_paragraph(note_id, "Session Init", "%" + self.interpreter + "(init=true)")
        init_run = self.client.execute_paragraph(note_id, init_id, session_id=session_id)
        if init_run["status"] != "FINISHED":
            raise RuntimeError("Fail to init session: " + json.dumps(init_run))
        self.info = self.client.session(session_id)

    def statement(self, code):
        note_id = self.info["noteId"]
        paragraph_id = self.client.next_session_paragraph(note_id, self.max_statement)
        self.client.update_paragraph(note_id, paragraph_id, "", "%" + self.interpreter + " " + code)
        return paragraph_id

    def execute(self, code):
        return self.client.execute_paragraph(self.info["noteId"], self.statement(code), session_id=self.info["sessionId"])

    def submit(self, code):
        return self.client.submit_paragraph(self.info["noteId"], self.statement(code), session_id=self.info["sessionId"])

    def stop(self):
        self.client.stop_session(self.info["sessionId"])


def output(paragraph):
    return "".join(m["data"] for m in (paragraph.get("results") or {}).get("msg", []))


def run_note(client, seen):
    note_id = client.create_note("/pyzeppelin/test/note_1", "sh")
    seen["noteId"] = note_id
    first = client.add_paragraph(note_id, "greeting", "%sh echo hello ${name=world}")
    client.add_paragraph(note_id, "second", "%sh echo second")
    client.submit_note(note_id, {"name": "airflow"})
    note = client.wait_note(note_id)
    seen["noteRun"] = {"isRunning": note["info"].get("isRunning"), "statuses": [p.get("status") for p in note["paragraphs"]],
                       "outputs": [output(p) for p in note["paragraphs"]]}
    seen["paragraphRun"] = output(client.execute_paragraph(note_id, first, params={"name": "sdk"}))
    clone = client.clone_note(note_id, "/pyzeppelin/test/note_1_clone")
    seen["clonePath"] = client.note(clone)["path"]
    client.delete_note(clone)


def run_sh_session(client, seen):
    sh = Session(client, "sh", {"GREETING": "from conf"})
    sh.start()
    seen["shStarted"] = {k: sh.info.get(k) for k in ("interpreter", "state")}
    seen["shExecute"] = output(sh.execute('echo "$GREETING"'))
    submitted = sh.submit("sleep 0.2; echo submitted")
    seen["shSubmit"] = output(client.wait_paragraph(sh.info["noteId"], submitted["id"]))
    long = sh.submit("sleep 30")
    wait_for(lambda: client.paragraph(sh.info["noteId"], long["id"]), lambda p: p.get("status") == "RUNNING", "sleep 30 to run")
    client.cancel_paragraph(sh.info["noteId"], long["id"])
    # The SDK waits for ABORTED, a status Zeppelin never reports (it says ABORT), so its wait would not end here.
    seen["shCancelled"] = client.wait_paragraph(sh.info["noteId"], long["id"], ("FINISHED", "ERROR", "ABORT"))["status"]
    sh.stop()
    try:
        client.session(sh.info["sessionId"])
        seen["shAfterStop"] = "still there"
    except RestError as e:
        seen["shAfterStop"] = e.status


def run_python_session(client, seen, python):
    py = Session(client, "python", {"zeppelin.python": python})
    py.start()
    seen["pythonSession"] = py.info
    seen["pythonExecutable"] = output(py.execute("import sys, os\nprint(sys.executable)")).strip()
    seen["pythonPid"] = int(output(py.execute("print(os.getpid())")))
    seen["pythonError"] = py.execute("1/0")["status"]


def main():
    base, user, password, python = sys.argv[1:5]
    client = Client(base)
    client.login(user, password)
    seen = {"version": client.version()}
    run_note(client, seen)
    run_sh_session(client, seen)
    # Left running: the browser test looks at the home page while it exists, then stops it.
    run_python_session(client, seen, python)
    print(json.dumps(seen))


if __name__ == "__main__":
    main()
