/**
 * The browser's frame decoding (SagaDeps.decodeFrame): a frame of a megabyte or more is decoded by the table worker,
 * so that parsing a large result's JSON does not hold the page's thread, and the worker starts reading the result's
 * table meanwhile. Smaller frames, frames of many small objects (the worker says so) and pages without workers are
 * decoded here, at once.
 */
import { decodeServerFrame, type Decoded, type ServerFrame } from '../../protocol';
import { WORKER_MIN_CHARS } from '../results/table/frameTables';
import { decodeInWorker, startTableWorker } from '../results/table/tableWorker';

/** Frames at least this long are decoded by the worker: below it, the trip there and back costs about as much. */
export const WORKER_FRAME_MIN_CHARS = 1_000_000;

/** The frame that opens a note page, the page where results are drawn. */
const NOTE_FRAME = '{"op":"NOTE",';

export function decodeFrame(raw: string): Decoded<ServerFrame> | Promise<Decoded<ServerFrame>> {
  // A note is open: the worker is started now rather than by its first large frame, which would wait for it.
  if (raw.startsWith(NOTE_FRAME)) startTableWorker();
  const inWorker = raw.length >= WORKER_FRAME_MIN_CHARS ? decodeInWorker(raw, WORKER_MIN_CHARS) : null;
  if (!inWorker) return decodeServerFrame(raw);
  return inWorker.then((decoded) => decoded ?? decodeServerFrame(raw), () => decodeServerFrame(raw));
}
