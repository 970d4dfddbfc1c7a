"""Long-lived Python side of the %python interpreter.

Commands arrive as JSON lines on stdin; events leave as JSON lines on file descriptor 3, so user output printed
through sys.stdout/sys.stderr travels on the same ordered channel as the end-of-run event. A reader thread takes
completion requests and angular-object updates while the main thread executes paragraphs; a cancel is a SIGINT,
which Python turns into KeyboardInterrupt in the main thread.
"""
import ast
import base64
import builtins
import io
import json
import keyword
import os
import queue
import sys
import threading
import time
import traceback
import warnings

EVENTS = 3
_send_lock = threading.Lock()


def send(event):
    data = (json.dumps(event, default=str) + "\n").encode("utf-8")
    with _send_lock:
        view = memoryview(data)
        while view:
            written = os.write(EVENTS, view)
            view = view[written:]


class ChannelWriter(io.TextIOBase):
    """Replaces sys.stdout/sys.stderr: buffers briefly so a print loop does not cost one event per call."""

    def __init__(self):
        self._buf = []
        self._size = 0
        self._last = time.monotonic()
        self._lock = threading.Lock()

    def writable(self):
        return True

    def write(self, s):
        if not isinstance(s, str):
            s = str(s)
        if not s:
            return 0
        with self._lock:
            self._buf.append(s)
            self._size += len(s)
            due = self._size >= 16384 or time.monotonic() - self._last > 0.05
        if due:
            self.flush()
        return len(s)

    def flush(self):
        with self._lock:
            if not self._buf:
                return
            text = "".join(self._buf)
            self._buf = []
            self._size = 0
            self._last = time.monotonic()
        send({"ev": "out", "d": text})


OUT = ChannelWriter()


def _flusher():
    while True:
        time.sleep(0.05)
        try:
            OUT.flush()
        except Exception:
            pass


class ZeppelinContext:
    """The `z` object: tables, forms and angular objects."""

    def __init__(self):
        self.max_result = 1000
        self.note_id = ""
        self.paragraph_id = ""
        self.params = {}
        self.note_params = {}
        self.angular_values = {}
        self.watchers = {}

    # Display
    def show(self, obj, show_index=False, **_kwargs):
        if hasattr(obj, "columns") and hasattr(obj, "itertuples"):
            self._show_frame(obj, show_index)
        elif hasattr(obj, "savefig"):
            _emit_figure(obj)
        else:
            print(obj)

    def _show_frame(self, df, show_index):
        def cell(v):
            return str(v).replace("\t", " ").replace("\n", " ").replace("\r", " ")

        header = [cell(c) for c in df.columns]
        if show_index:
            header = [cell(df.index.name or "")] + header
        lines = ["\t".join(header)]
        for i, row in enumerate(df.itertuples(index=show_index)):
            if i >= self.max_result:
                break
            lines.append("\t".join(cell(v) for v in row))
        OUT.flush()
        send({"ev": "msg", "type": "TABLE", "d": "\n".join(lines) + "\n"})
        if len(df) > self.max_result:
            send({"ev": "msg", "type": "HTML", "d": '<div class="result-alert alert-warning" role="alert">'
                  "<strong>Output is truncated</strong> to %d rows. Learn more about "
                  "<strong>zeppelin.python.maxResult</strong></div>" % self.max_result})

    # Forms
    def _form(self, note, form):
        send({"ev": "form", "note": note, "form": form})
        values = self.note_params if note else self.params
        return values

    def _options(self, options):
        out = []
        for o in options:
            if isinstance(o, (tuple, list)) and len(o) == 2:
                out.append({"value": str(o[0]), "displayName": str(o[1])})
            else:
                out.append({"value": str(o)})
        return out

    def input(self, name, defaultValue="", displayName=None, _note=False):
        values = self._form(_note, {"type": "TextBox", "name": name, "displayName": displayName or name,
                                    "defaultValue": "" if defaultValue is None else str(defaultValue), "hidden": False})
        return values.get(name, defaultValue)

    textbox = input

    def password(self, name, displayName=None, _note=False):
        values = self._form(_note, {"type": "Password", "name": name, "displayName": displayName or name,
                                    "defaultValue": "", "hidden": False})
        return values.get(name, "")

    def select(self, name, options, defaultValue=None, displayName=None, _note=False):
        opts = self._options(options)
        if defaultValue is None and opts:
            defaultValue = opts[0]["value"]
        form = {"type": "Select", "name": name, "displayName": displayName or name, "options": opts, "hidden": False}
        if defaultValue is not None:
            form["defaultValue"] = str(defaultValue)
        values = self._form(_note, form)
        return values.get(name, defaultValue)

    def checkbox(self, name, options, defaultChecked=None, displayName=None, _note=False):
        opts = self._options(options)
        if defaultChecked is None:
            defaultChecked = [o["value"] for o in opts]
        values = self._form(_note, {"type": "CheckBox", "name": name, "displayName": displayName or name,
                                    "options": opts, "defaultValue": [str(v) for v in defaultChecked], "hidden": False})
        checked = values.get(name, defaultChecked)
        if isinstance(checked, str):
            checked = [checked]
        valid = [c for c in checked if c in [o["value"] for o in opts]]
        return valid if valid else list(checked)

    def noteTextbox(self, name, defaultValue="", displayName=None):
        return self.input(name, defaultValue, displayName, _note=True)

    noteInput = noteTextbox

    def notePassword(self, name, displayName=None):
        return self.password(name, displayName, _note=True)

    def noteSelect(self, name, options, defaultValue=None, displayName=None):
        return self.select(name, options, defaultValue, displayName, _note=True)

    def noteCheckbox(self, name, options, defaultChecked=None, displayName=None):
        return self.checkbox(name, options, defaultChecked, displayName, _note=True)

    # Angular objects (note scope unless a paragraph id is given)
    def angularBind(self, name, value, paragraphId=None):
        self.angular_values[(self.note_id, name)] = value
        event = {"ev": "angular_bind", "name": name, "value": value, "noteId": self.note_id}
        if paragraphId:
            event["paragraphId"] = paragraphId
        send(event)

    def angularUnbind(self, name, paragraphId=None):
        self.angular_values.pop((self.note_id, name), None)
        event = {"ev": "angular_unbind", "name": name, "noteId": self.note_id}
        if paragraphId:
            event["paragraphId"] = paragraphId
        send(event)

    def angular(self, name, noteId=None):
        return self.angular_values.get((noteId or self.note_id, name))

    def angularWatch(self, name, fn, noteId=None):
        """fn(before, after) runs whenever a UI changes the object."""
        self.watchers.setdefault((noteId or self.note_id, name), []).append(fn)

    def angularUnwatch(self, name, noteId=None):
        self.watchers.pop((noteId or self.note_id, name), None)

    def _angular_changed(self, note_id, name, value, removed):
        key = (note_id, name)
        before = self.angular_values.get(key)
        if removed:
            self.angular_values.pop(key, None)
            return
        self.angular_values[key] = value
        for fn in list(self.watchers.get(key, [])):
            try:
                fn(before, value)
            except Exception:
                traceback.print_exc(file=sys.__stderr__)


z = ZeppelinContext()
user_globals = {"__name__": "__main__", "__builtins__": builtins, "z": z}


def _emit_figure(fig):
    buf = io.BytesIO()
    fig.savefig(buf, format="png", bbox_inches="tight")
    OUT.flush()
    send({"ev": "msg", "type": "IMG", "d": base64.b64encode(buf.getvalue()).decode("ascii")})


def _emit_open_figures():
    plt = sys.modules.get("matplotlib.pyplot")
    if plt is None:
        return
    for num in plt.get_fignums():
        _emit_figure(plt.figure(num))
    plt.close("all")


def _display(value):
    if value is None:
        return
    if hasattr(value, "columns") and hasattr(value, "itertuples"):
        z.show(value)
    else:
        print(repr(value))


def _run(code):
    tree = ast.parse(code, "<paragraph>", "exec")
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    if tree.body:
        exec(compile(tree, "<paragraph>", "exec"), user_globals)
    if last is not None:
        _display(eval(compile(last, "<paragraph>", "eval"), user_globals))
    _emit_open_figures()


def _print_error(etype, value, tb):
    if issubclass(etype, SyntaxError):
        lines = traceback.format_exception_only(etype, value)
    else:
        # Drop the runner's own frames: the user's traceback starts at <paragraph>.
        while tb is not None and tb.tb_frame.f_code.co_filename != "<paragraph>":
            tb = tb.tb_next
        lines = traceback.format_exception(etype, value, tb)
    sys.stderr.write("".join(lines))


CANCELLED = set()
# Set when a SIGINT reached the main loop between runs. The server sends a run's cancel line before its SIGINT, but
# the reader thread may not have read that line yet when the next run is picked up.
IDLE_INTERRUPT = threading.Event()
LATE_CANCEL_WAIT_S = 0.5


def _cancelled_before_start(token):
    if IDLE_INTERRUPT.is_set():
        IDLE_INTERRUPT.clear()
        deadline = time.monotonic() + LATE_CANCEL_WAIT_S
        while token not in CANCELLED and time.monotonic() < deadline:
            time.sleep(0.01)
    if token in CANCELLED:
        CANCELLED.discard(token)
        return True
    return False


def execute(cmd):
    token = cmd.get("token")
    ok, aborted = True, False
    # Everything sits inside the try: an interrupt at any point ends this run as cancelled, and the done event is
    # always sent, so the server never waits for a run the runner has dropped.
    try:
        if _cancelled_before_start(token):
            # The cancel overtook the run (its SIGINT hit the idle loop): the run ends before it starts.
            ok, aborted = False, True
        else:
            z.note_id = cmd.get("noteId", "")
            z.paragraph_id = cmd.get("id", "")
            z.params = cmd.get("params") or {}
            z.note_params = cmd.get("noteParams") or {}
            z.max_result = int(cmd.get("maxResult") or 1000)
            _run(cmd["code"])
    except KeyboardInterrupt:
        ok, aborted = False, True
        sys.stderr.write("KeyboardInterrupt: the paragraph was cancelled\n")
    except SystemExit as e:
        ok = e.code in (None, 0)
        if not ok:
            sys.stderr.write("SystemExit: %s\n" % (e.code,))
    except BaseException:
        ok = False
        _print_error(*sys.exc_info())
    try:
        OUT.flush()
    except KeyboardInterrupt:
        pass
    CANCELLED.discard(token)
    send({"ev": "done", "id": cmd.get("id"), "ok": ok, "aborted": aborted})


def complete(cmd):
    text = cmd.get("code", "")[: int(cmd.get("cursor", 0))]
    word = ""
    i = len(text)
    while i > 0 and (text[i - 1].isalnum() or text[i - 1] in "_."):
        i -= 1
    word = text[i:]
    items = []
    if "." in word:
        base, _, prefix = word.rpartition(".")
        obj = None
        parts = base.split(".")
        if parts[0] in user_globals:
            obj = user_globals[parts[0]]
        elif hasattr(builtins, parts[0]):
            obj = getattr(builtins, parts[0])
        try:
            for p in parts[1:]:
                obj = getattr(obj, p)
            names = [n for n in dir(obj) if not n.startswith("_")] if obj is not None else []
        except Exception:
            names = []
        items = [{"name": n, "value": n, "meta": "attribute"} for n in sorted(names) if n.startswith(prefix)]
    else:
        seen = set()
        for n in sorted(k for k in list(user_globals) if not k.startswith("__")):
            if n.startswith(word):
                seen.add(n)
                items.append({"name": n, "value": n, "meta": "global"})
        for n in keyword.kwlist:
            if n.startswith(word) and n not in seen:
                items.append({"name": n, "value": n, "meta": "keyword"})
        for n in dir(builtins):
            if n.startswith(word) and not n.startswith("_") and n not in seen:
                items.append({"name": n, "value": n, "meta": "builtin"})
    send({"ev": "completion", "rid": cmd.get("rid"), "items": items[:200]})


def reader(runs):
    for line in sys.stdin:
        try:
            cmd = json.loads(line)
        except ValueError:
            continue
        kind = cmd.get("cmd")
        try:
            if kind == "run":
                runs.put(cmd)
            elif kind == "cancel":
                CANCELLED.add(cmd.get("token"))
            elif kind == "complete":
                complete(cmd)
            elif kind == "angular":
                z._angular_changed(cmd.get("noteId", ""), cmd.get("name"), cmd.get("value"), cmd.get("op") == "remove")
        except Exception:
            traceback.print_exc(file=sys.__stderr__)
    runs.put(None)


def main():
    warnings.filterwarnings("ignore", message=".*non-interactive.*")
    sys.stdout = OUT
    sys.stderr = OUT
    runs = queue.Queue()
    threading.Thread(target=reader, args=(runs,), daemon=True).start()
    threading.Thread(target=_flusher, daemon=True).start()
    send({"ev": "ready", "version": sys.version.split()[0]})
    while True:
        try:
            cmd = runs.get()
            if cmd is None:
                return
            execute(cmd)
        except KeyboardInterrupt:
            # An interrupt between runs: its cancel may be for the run about to start (see execute).
            IDLE_INTERRUPT.set()
            continue


if __name__ == "__main__":
    main()
