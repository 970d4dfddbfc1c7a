"""Tables of the resource pool on the Python side: a pandas DataFrame as a folder with manifest.json and one NumPy
.npy file per column (strings as UTF-8 bytes plus int64 offsets, nulls as a bool mask), the form the server loads
into DuckDB (server/interpreters/pool/columnar.ts). numpy writes and reads these without any text conversion.
"""
import json
import os
import shutil
import tempfile

NUMERIC = {
    "f8": "float64", "f4": "float32", "i8": "int64", "i4": "int32", "i2": "int16", "i1": "int8",
    "u8": "uint64", "u4": "uint32", "u2": "uint16", "u1": "uint8", "b1": "bool",
}


def _frame_columns(df):
    import pandas as pd
    # A meaningful index (a group-by's keys) becomes columns; the default 0..n-1 one is left out, as z.show does.
    if not isinstance(df.index, pd.RangeIndex) or df.index.name is not None:
        df = df.reset_index()
    return [(str(name), df.iloc[:, i]) for i, name in enumerate(df.columns)]


def _numeric(series):
    """(values, null mask or None, manifest type) for a numeric, bool or datetime column; None for anything else."""
    import numpy as np
    import pandas as pd
    dtype = series.dtype
    if isinstance(dtype, pd.DatetimeTZDtype):
        nulls = series.isna().to_numpy()
        values = series.dt.tz_convert("UTC").dt.tz_localize(None).to_numpy().astype("datetime64[us]").view("<i8")
        return values, nulls, "timestamptz_us"
    if getattr(dtype, "kind", None) == "M":
        nulls = series.isna().to_numpy()
        return series.to_numpy().astype("datetime64[us]").view("<i8"), nulls, "timestamp_us"
    if isinstance(dtype, pd.api.extensions.ExtensionDtype) and not isinstance(dtype, pd.CategoricalDtype):
        numpy_dtype = getattr(dtype, "numpy_dtype", None)
        if numpy_dtype is None or numpy_dtype.kind not in "iufb":
            return None
        nulls = series.isna().to_numpy()
        return series.to_numpy(dtype=numpy_dtype, na_value=0), nulls, NUMERIC[numpy_dtype.str[1:]]
    if isinstance(dtype, np.dtype) and dtype.kind in "iufb" and dtype.str[1:] in NUMERIC:
        values = series.to_numpy()
        nulls = np.isnan(values) if dtype.kind == "f" else None
        return values.astype(dtype.newbyteorder("<"), copy=False), nulls, NUMERIC[dtype.str[1:]]
    return None


def _write_column(folder, index, name, series):
    import numpy as np
    import pandas as pd
    spec = {"name": name, "data": "c%d.npy" % index}
    numeric = _numeric(series)
    if numeric is not None:
        values, nulls, spec["type"] = numeric
        np.save(os.path.join(folder, spec["data"]), np.ascontiguousarray(values), allow_pickle=False)
    else:
        spec["type"] = "string"
        objects = series.to_numpy(dtype=object)
        nulls = pd.isna(objects)
        encoded = [(v if v.__class__ is str else "" if n else str(v)).encode("utf-8") for v, n in zip(objects, nulls)]
        offsets = np.zeros(len(encoded) + 1, dtype="<i8")
        np.cumsum(np.fromiter(map(len, encoded), dtype="<i8", count=len(encoded)), out=offsets[1:])
        spec["offsets"] = "c%d.offsets.npy" % index
        np.save(os.path.join(folder, spec["offsets"]), offsets, allow_pickle=False)
        np.save(os.path.join(folder, spec["data"]), np.frombuffer(b"".join(encoded), dtype="u1"), allow_pickle=False)
    if nulls is not None and nulls.any():
        spec["nulls"] = "c%d.nulls.npy" % index
        np.save(os.path.join(folder, spec["nulls"]), np.asarray(nulls, dtype="?"), allow_pickle=False)
    return spec


def write_frame(df, root):
    """Writes `df` as a new table folder under `root` and returns its path."""
    folder = tempfile.mkdtemp(prefix="table-", dir=root)
    try:
        columns = [_write_column(folder, i, name, s) for i, (name, s) in enumerate(_frame_columns(df))]
        with open(os.path.join(folder, "manifest.json"), "w") as f:
            json.dump({"rows": int(len(df)), "columns": columns}, f)
    except BaseException:
        shutil.rmtree(folder, ignore_errors=True)
        raise
    return folder


def _read_column(folder, spec, rows):
    import numpy as np
    import pandas as pd
    data = np.load(os.path.join(folder, spec["data"]), allow_pickle=False)
    nulls = np.load(os.path.join(folder, spec["nulls"]), allow_pickle=False) if spec.get("nulls") else None
    kind = spec["type"]
    if kind == "string":
        blob = data.tobytes()
        at = np.load(os.path.join(folder, spec["offsets"]), allow_pickle=False).tolist()
        values = np.array([blob[at[i]:at[i + 1]].decode("utf-8") for i in range(rows)], dtype=object)
        if nulls is not None:
            values[nulls] = None
        return values
    if kind in ("timestamp_us", "timestamptz_us"):
        values = pd.Series(data.view("datetime64[us]").astype("datetime64[ns]"))
        if nulls is not None:
            values[nulls] = pd.NaT
        return values.dt.tz_localize("UTC") if kind == "timestamptz_us" else values
    if nulls is None:
        return data
    if kind.startswith("float"):
        values = data.astype(kind)
        values[nulls] = np.nan
        return values
    # Integers and bools with nulls: pandas' nullable types keep the values exact.
    nullable = "boolean" if kind == "bool" else ("UInt" + kind[4:] if kind.startswith("uint") else "Int" + kind[3:])
    values = pd.array(data, dtype=nullable)
    values[nulls] = pd.NA
    return values


def read_frame(folder):
    """The table folder as a pandas DataFrame."""
    import pandas as pd
    with open(os.path.join(folder, "manifest.json")) as f:
        manifest = json.load(f)
    rows = manifest["rows"]
    columns = manifest["columns"]
    frame = pd.DataFrame({i: _read_column(folder, c, rows) for i, c in enumerate(columns)}, index=pd.RangeIndex(rows))
    frame.columns = [c["name"] for c in columns]
    return frame


class PoolClient:
    """Asks the server about the pool: a request leaves as an event, its answer arrives on stdin (the reader thread)."""

    def __init__(self, send):
        import threading
        self._send = send
        self._answers = {}
        self._ready = threading.Condition()
        self._next = 0

    def request(self, op, **fields):
        with self._ready:
            self._next += 1
            rid = self._next
        self._send(dict(fields, ev="pool", op=op, rid=rid))
        with self._ready:
            while rid not in self._answers:
                self._ready.wait(0.5)
            answer = self._answers.pop(rid)
        if answer.get("error"):
            raise RuntimeError(answer["error"])
        return answer

    def answer(self, cmd):
        with self._ready:
            self._answers[cmd.get("rid")] = cmd
            self._ready.notify_all()


def _json_value(value):
    """The value as JSON sends it, or a TypeError saying what z.put takes."""
    if type(value).__module__ == "numpy" and hasattr(value, "item"):
        value = value.item()
    try:
        json.dumps(value, allow_nan=False)
    except (TypeError, ValueError):
        raise TypeError("z.put takes a pandas DataFrame or a JSON value (str, number, bool, None, list, dict), not %s"
                        % type(value).__name__) from None
    return value


class ResourcePoolMethods:
    """Zeppelin's resource pool on `z` (put, get, remove, getAsDataFrame, and z[name]); needs `self._pool`."""

    def put(self, name, value):
        if not isinstance(name, str) or not name:
            raise TypeError("z.put takes a name (a non-empty str) and a value")
        if hasattr(value, "columns") and hasattr(value, "itertuples"):
            folder = write_frame(value, os.environ["ZEPPELIN_POOL_DIR"])
            try:
                self._pool.request("put", name=name, table=folder)
            except BaseException:
                shutil.rmtree(folder, ignore_errors=True)
                raise
        else:
            self._pool.request("put", name=name, value=_json_value(value))

    def get(self, name):
        """The value, a DataFrame put as one, a saved %sql result's text as in Zeppelin; None when there is none."""
        found = self._pool.request("get", name=name)
        if not found.get("found"):
            return None
        if "table" in found:
            return found["text"] if found.get("text") is not None else read_frame(found["table"])
        return found.get("value")

    def getAsDataFrame(self, name):
        found = self._pool.request("get", name=name)
        if not found.get("found"):
            raise KeyError("no resource named %r in the resource pool" % (name,))
        if "table" in found:
            return read_frame(found["table"])
        if isinstance(found.get("value"), str):
            import io
            import pandas as pd
            return pd.read_csv(io.StringIO(found["value"]), sep="\t")
        raise TypeError("%r in the resource pool is not a table" % (name,))

    def remove(self, name):
        self._pool.request("remove", name=name)

    def containsKey(self, name):
        return bool(self._pool.request("get", name=name).get("found"))

    add = put
    __setitem__ = put
    __getitem__ = get
    __delitem__ = remove
    __contains__ = containsKey
