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
    // The socket is taken now: by the time the timer runs, a client that hung up has detached it from the request.
    const socket = req.socket as typeof req.socket | null;
    if (req.complete || !socket) return;
    const timer = setTimeout(() => socket.destroy(), ms);
    timer.unref();
    req.once('end', () => clearTimeout(timer));
  });
}
