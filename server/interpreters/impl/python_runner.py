"""Long-lived Python side of the %python interpreter.

Commands arrive as JSON lines on stdin; events leave as JSON lines on file descriptor 3, so user output printed
through sys.stdout/sys.stderr travels on the same ordered channel as the end-of-run event. A reader thread takes
completion requests and angular-object updates while the main thread executes paragraphs; a cancel is a cancel line
then a SIGINT, which becomes KeyboardInterrupt in the main thread only inside the run it names (runner_interrupts.py).

When IPython is importable (and not turned off), paragraphs run through IPython's interactive shell, so magics,
`!` commands, display() and rich reprs work; their MIME bundles are mapped to Zeppelin result types here. Without
it, paragraphs run with plain exec, and a magic is answered with a message that says how to get IPython.
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

from runner_interrupts import Interrupts
from zeppelin_pool import PoolClient, ResourcePoolMethods

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
        # IPython's `!` commands run under a pseudo-terminal, whose lines end in CRLF.
        s = s.replace("\r\n", "\n")
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


class ZeppelinContext(ResourcePoolMethods):
    """The `z` object: tables, forms, angular objects and the resource pool (zeppelin_pool.py)."""

    def __init__(self):
        self._pool = PoolClient(send)
        self.max_result = 1000
        self.note_id = ""
        self.paragraph_id = ""
        self.params = {}
        self.note_params = {}
        self.angular_values = {}
        self.watchers = {}

    # Display
    def configure_mpl(self, **kwargs):
        configure_mpl(**kwargs)

    def show(self, obj, show_index=False, **_kwargs):
        if hasattr(obj, "columns") and hasattr(obj, "itertuples"):
            self._show_frame(obj, show_index)
        elif hasattr(obj, "savefig"):
            _emit_figure(obj)
        elif _has_rich_repr(obj):
            _emit_bundle(_bundle_of(obj))
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


# What z.configure_mpl sets, as in Zeppelin's mpl_config: the figure format, and whether figures close once shown.
# A figure kept open (close=False) is shown again after a later paragraph only when that paragraph changed it.
MPL_CONFIG = {"format": "png", "close": True, "sized": False}
MPL_FORMATS = ("png", "jpg", "svg")
_shown_figures = {}


def configure_mpl(**kwargs):
    import matplotlib
    if "fmt" in kwargs:
        kwargs["format"] = kwargs.pop("fmt")
    fmt = kwargs.get("format", MPL_CONFIG["format"])
    if fmt not in MPL_FORMATS:
        raise ValueError("Unsupported format %s" % fmt)
    MPL_CONFIG.update(kwargs)
    rc = matplotlib.rcParams
    dpi = float(MPL_CONFIG.get("dpi", rc["figure.dpi"]))
    width, height = rc["figure.figsize"]
    rc["figure.dpi"] = dpi
    rc["figure.figsize"] = (float(MPL_CONFIG.get("width", width * dpi)) / dpi,
                            float(MPL_CONFIG.get("height", height * dpi)) / dpi)
    if "fontsize" in MPL_CONFIG:
        rc["font.size"] = MPL_CONFIG["fontsize"]
    # Sizes given in pixels are kept exactly: no tight bounding box from then on.
    MPL_CONFIG["sized"] = True


def _emit_figure(fig):
    fmt = MPL_CONFIG["format"]
    extra = {} if MPL_CONFIG["sized"] else {"bbox_inches": "tight"}
    if fmt == "svg":
        buf = io.StringIO()
        fig.savefig(buf, format="svg", **extra)
        svg = buf.getvalue()
        _emit_message("HTML", svg[svg.find("<svg"):])
        return
    buf = io.BytesIO()
    fig.savefig(buf, format="jpeg" if fmt == "jpg" else "png", **extra)
    if fmt == "jpg":
        _emit_message("HTML", '<img src="data:image/jpeg;base64,%s">' % _b64(buf.getvalue()))
    else:
        _emit_message("IMG", _b64(buf.getvalue()))


def _emit_open_figures():
    if sys.modules.get("matplotlib.pyplot") is None:
        return
    from matplotlib._pylab_helpers import Gcf
    figures = [m.canvas.figure for m in Gcf.get_all_fig_managers()]
    for fig in figures:
        if _shown_figures.get(id(fig)) is not fig or fig.stale:
            _emit_figure(fig)
            # Saving leaves the figure stale; from here on, stale means a later paragraph changed it.
            fig.stale = False
    _shown_figures.clear()
    if MPL_CONFIG["close"]:
        sys.modules["matplotlib.pyplot"].close("all")
    else:
        _shown_figures.update((id(fig), fig) for fig in figures)


def _has_rich_repr(obj):
    return any(callable(getattr(obj, m, None)) for m in _REPR_METHODS) and not isinstance(obj, type)


_REPR_METHODS = {"_repr_html_": "text/html", "_repr_markdown_": "text/markdown", "_repr_svg_": "image/svg+xml",
                 "_repr_png_": "image/png", "_repr_jpeg_": "image/jpeg", "_repr_latex_": "text/latex",
                 "_repr_json_": "application/json", "_repr_javascript_": "application/javascript"}


def _bundle_of(obj):
    """A MIME bundle without IPython's formatters: the object's own _repr_*_ methods, then repr()."""
    data = {}
    for method, mime in _REPR_METHODS.items():
        fn = getattr(obj, method, None)
        if not callable(fn):
            continue
        try:
            value = fn()
        except Exception:
            continue
        if isinstance(value, tuple):
            value = value[0]
        if value is not None:
            data[mime] = value
    data["text/plain"] = repr(obj)
    return data


def _b64(value):
    if isinstance(value, bytes):
        return base64.b64encode(value).decode("ascii")
    return "".join(str(value).split())


def _emit_message(kind, text):
    OUT.flush()
    send({"ev": "msg", "type": kind, "d": text})


def _emit_bundle(data):
    """One display_data / execute_result bundle as one Zeppelin result, the richest type first (Jupyter's order)."""
    if not data:
        return
    if "text/html" in data:
        _emit_message("HTML", str(data["text/html"]))
    elif "text/markdown" in data:
        # Rendered by the server's markdown renderer, the one %md uses.
        _emit_message("MARKDOWN", str(data["text/markdown"]))
    elif "image/svg+xml" in data:
        _emit_message("HTML", str(data["image/svg+xml"]))
    elif "image/png" in data:
        _emit_message("IMG", _b64(data["image/png"]))
    elif "image/jpeg" in data:
        _emit_message("HTML", '<img src="data:image/jpeg;base64,%s">' % _b64(data["image/jpeg"]))
    elif "application/javascript" in data:
        _emit_message("HTML", "<script>%s</script>" % data["application/javascript"])
    elif "text/latex" in data:
        _write_text(str(data["text/latex"]))
    elif "application/json" in data:
        _write_text(json.dumps(data["application/json"], indent=2, default=str))
    elif "text/plain" in data:
        _write_text(str(data["text/plain"]))


def _write_text(text):
    sys.stdout.write(text if text.endswith("\n") else text + "\n")


def _is_frame(value):
    return hasattr(value, "columns") and hasattr(value, "itertuples")


def _display(value):
    if value is None:
        return
    if _is_frame(value):
        z.show(value)
    elif _has_rich_repr(value):
        _emit_bundle(_bundle_of(value))
    else:
        print(repr(value))


IPYTHON_HINT = ("IPython is not available to %s (the zeppelin.python property). Install it (Debian: "
                "sudo apt-get install python3-ipython) or point zeppelin.python at a Python that has it.")


def _ipython_only_line(code, err):
    """The magic or shell-escape line a SyntaxError stumbled on, if that is what it was."""
    lines = code.splitlines()
    lineno = getattr(err, "lineno", None) or 0
    candidates = [lines[lineno - 1]] if 0 < lineno <= len(lines) else []
    candidates += lines
    for line in candidates:
        stripped = line.strip()
        if stripped[:1] in ("%", "!") or (stripped.endswith("?") and not stripped.startswith("#")):
            return stripped
    return None


def _run_plain(code):
    try:
        tree = ast.parse(code, "<paragraph>", "exec")
    except SyntaxError as err:
        line = _ipython_only_line(code, err)
        if line is not None and IPYTHON_STATE["why_not"]:
            raise IPythonMissing("%s needs IPython: %s" % (line, IPYTHON_STATE["why_not"]))
        raise
    last = None
    if tree.body and isinstance(tree.body[-1], ast.Expr):
        last = ast.Expression(tree.body.pop().value)
    if tree.body:
        exec(compile(tree, "<paragraph>", "exec"), user_globals)
    if last is not None:
        _display(eval(compile(last, "<paragraph>", "eval"), user_globals))
    _emit_open_figures()


class IPythonMissing(Exception):
    pass


IPYTHON_STATE = {"shell": None, "why_not": None}


def _make_shell():
    """IPython's InteractiveShell with its display hook and publisher sending Zeppelin results."""
    from IPython.core.displayhook import DisplayHook
    from IPython.core.displaypub import DisplayPublisher
    from IPython.core.interactiveshell import InteractiveShell
    from traitlets.config import Config

    class ZeppelinDisplayPublisher(DisplayPublisher):
        def publish(self, data, metadata=None, source=None, *, transient=None, update=False, **kwargs):
            _emit_bundle(data)

        def clear_output(self, wait=False):
            pass

    class ZeppelinDisplayHook(DisplayHook):
        def write_output_prompt(self):
            pass

        def compute_format_data(self, result):
            if _is_frame(result):
                # A data frame as the last expression is a Zeppelin table (charts and all), as in plain mode.
                z.show(result)
                return {}, {}
            return super().compute_format_data(result)

        def write_format_data(self, format_dict, md_dict=None):
            _emit_bundle(format_dict)

        def finish_displayhook(self):
            sys.stdout.flush()

    class ZeppelinShell(InteractiveShell):
        displayhook_class = ZeppelinDisplayHook
        display_pub_class = ZeppelinDisplayPublisher

        def enable_gui(self, gui=None):
            # Figures are drawn into results (the inline backend); there is no window event loop to start.
            if gui not in (None, "inline"):
                print("There is no display for the %s backend here; figures appear inline." % gui)

    config = Config()
    # No history file: sessions are many and short, and two would contend for one SQLite file.
    config.HistoryManager.enabled = False
    shell = ZeppelinShell.instance(config=config, user_ns=user_globals, colors="NoColor")
    shell.colors = "NoColor"
    return shell


def _run_ipython(shell, code):
    result = shell.run_cell(code, store_history=True)
    _emit_open_figures()
    err = result.error_in_exec
    if isinstance(err, KeyboardInterrupt):
        raise KeyboardInterrupt()
    if isinstance(err, SystemExit):
        if err.code in (None, 0):
            return True
        return False
    return result.success


def setup_ipython(mode, executable):
    """mode: 'auto' (IPython when importable), 'required' (%python.ipython) or 'off' (zeppelin.python.useIPython)."""
    if mode == "off":
        IPYTHON_STATE["why_not"] = ("zeppelin.python.useIPython is false for this interpreter; set it to true "
                                    "(with python3-ipython installed) to run magics")
        return None
    try:
        shell = _make_shell()
    except ImportError:
        IPYTHON_STATE["why_not"] = IPYTHON_HINT % executable
        return None
    IPYTHON_STATE["shell"] = shell
    return shell


def _run(code):
    """True on success; a failure inside IPython has already been reported by IPython itself."""
    shell = IPYTHON_STATE["shell"]
    if shell is not None:
        return _run_ipython(shell, code)
    if IPYTHON_STATE.get("required"):
        raise IPythonMissing(IPYTHON_STATE["why_not"])
    _run_plain(code)
    return True


def _print_error(etype, value, tb):
    if issubclass(etype, IPythonMissing):
        lines = [str(value) + "\n"]
    elif issubclass(etype, SyntaxError):
        lines = traceback.format_exception_only(etype, value)
    else:
        # Drop the runner's own frames: the user's traceback starts at <paragraph>.
        while tb is not None and tb.tb_frame.f_code.co_filename != "<paragraph>":
            tb = tb.tb_next
        lines = traceback.format_exception(etype, value, tb)
    sys.stderr.write("".join(lines))


INTERRUPTS = Interrupts()


def execute(cmd):
    token = cmd.get("token")
    ok, aborted = True, False
    # Everything sits inside the try: an interrupt at any point ends this run as cancelled, and the done event is
    # always sent, so the server never waits for a run the runner has dropped.
    try:
        # From here an interrupt whose cancel line names this run stops it (runner_interrupts.py).
        INTERRUPTS.current = token
        if INTERRUPTS.take(token):
            # The cancel overtook the run (its SIGINT reached the runner before the run started).
            ok, aborted = False, True
        else:
            z.note_id = cmd.get("noteId", "")
            z.paragraph_id = cmd.get("id", "")
            z.params = cmd.get("params") or {}
            z.note_params = cmd.get("noteParams") or {}
            z.max_result = int(cmd.get("maxResult") or 1000)
            ok = _run(cmd["code"])
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
    finally:
        INTERRUPTS.current = None
    OUT.flush()
    INTERRUPTS.forget(token)
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
        hidden = "__" if word.startswith("_") else "_"
        for n in sorted(k for k in list(user_globals) if not k.startswith(hidden)):
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
                INTERRUPTS.cancel_line(cmd.get("token"))
            elif kind == "complete":
                complete(cmd)
            elif kind == "pool":
                z._pool.answer(cmd)
            elif kind == "angular":
                z._angular_changed(cmd.get("noteId", ""), cmd.get("name"), cmd.get("value"), cmd.get("op") == "remove")
        except Exception:
            traceback.print_exc(file=sys.__stderr__)
    runs.put(None)


def _args():
    mode, executable = "auto", sys.executable
    argv = sys.argv[1:]
    for i, a in enumerate(argv[:-1]):
        if a == "--ipython":
            mode = argv[i + 1]
        elif a == "--executable":
            executable = argv[i + 1]
    return mode, executable


def main():
    warnings.filterwarnings("ignore", message=".*non-interactive.*")
    sys.stdout = OUT
    sys.stderr = OUT
    mode, executable = _args()
    shell = setup_ipython(mode, executable)
    INTERRUPTS.install()
    IPYTHON_STATE["required"] = mode == "required"
    runs = queue.Queue()
    threading.Thread(target=reader, args=(runs,), daemon=True).start()
    threading.Thread(target=_flusher, daemon=True).start()
    ipython = None
    if shell is not None:
        import IPython
        ipython = IPython.__version__
    send({"ev": "ready", "version": sys.version.split()[0], "ipython": ipython})
    while True:
        try:
            cmd = runs.get()
            if cmd is None:
                return
            execute(cmd)
        except KeyboardInterrupt:
            # Only a run's code is interrupted (runner_interrupts.py); this is a second signal for a run that ended.
            continue


if __name__ == "__main__":
    main()
