/**
 * A lingering close for answers given before the request body was read (413, 403, 404 on a POST): the rest of an unread
 * upload is discarded as it arrives (Node's own keep-alive drain), and the connection ends shortly after, so a client that
 * sends 150 MB neither fills the server's memory nor holds a socket for the whole upload. Closing at once is no better: a
 * socket closed with unread data sends a TCP reset, which can wipe the answer from the client's buffer before it reads it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** How long the unread rest of a refused body is drained before the connection ends. */
export const LINGER_MS = 1000;

export function lingerAfterEarlyAnswer(req: IncomingMessage, res: ServerResponse, ms = LINGER_MS): void {
  res.once('finish', () => {
    if (req.complete) return;
    const timer = setTimeout(() => req.socket.destroy(), ms);
    timer.unref();
    req.once('end', () => clearTimeout(timer));
  });
}
