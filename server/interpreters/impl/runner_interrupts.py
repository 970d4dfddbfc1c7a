"""Which run a SIGINT is for.

The server cancels a run by writing a cancel line that names the run's token, then sending SIGINT. The signal can
land anywhere in the runner's loop: while the run's code executes, before its run line has been taken off the queue,
between taking it and starting it, or in the next run when the server cancelled a run that had just ended. Python's
default handler would raise KeyboardInterrupt wherever it lands, which either drops a run the runner has dequeued
or interrupts a run nobody cancelled. Instead, the handler waits for the reader thread to have read the signal's
cancel line (it is always written first), and interrupts only when that line names the run now executing. A cancel
for a run that has not started yet is found by `take(token)` when the run starts.
"""
import signal
import threading
import time

# Long enough for a starved reader thread to read one line; a signal sent by hand (no line) waits this once.
LINE_WAIT_S = 5.0


class Interrupts:
    def __init__(self):
        self._cond = threading.Condition()
        self._cancelled = set()
        self._lines = 0
        self._signals = 0
        # The token of the run whose code may be interrupted; None outside a run.
        self.current = None

    def install(self):
        signal.signal(signal.SIGINT, self._on_signal)

    def cancel_line(self, token):
        """Called by the reader thread for each cancel line."""
        with self._cond:
            self._cancelled.add(token)
            self._lines += 1
            self._cond.notify_all()

    def take(self, token):
        """True (once) when `token` was cancelled, counting signals whose cancel line is still on its way."""
        with self._cond:
            self._await_lines()
            if token in self._cancelled:
                self._cancelled.discard(token)
                return True
            return False

    def forget(self, token):
        with self._cond:
            self._cancelled.discard(token)

    def _await_lines(self):
        """Waits (holding the condition) until every signal's cancel line has been read; False if one never came."""
        deadline = time.monotonic() + LINE_WAIT_S
        while self._lines < self._signals and time.monotonic() < deadline:
            self._cond.wait(0.05)
        heard = self._lines >= self._signals
        # A signal without a line (sent by hand) counts its line as read, so later signals do not wait for it.
        self._lines = max(self._lines, self._signals)
        return heard

    def _on_signal(self, signum, frame):
        # Runs in the main thread between two bytecodes. Between runs it only counts: the next run's take() waits for
        # the line, so that a dequeued run is never dropped by an exception raised in the runner's own loop.
        self._signals += 1
        if self.current is None:
            return
        with self._cond:
            heard = self._await_lines()
            hit = self.current is not None and (self.current in self._cancelled or not heard)
        if hit:
            raise KeyboardInterrupt()
