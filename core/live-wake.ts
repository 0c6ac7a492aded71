/**
 * The window event the embedded backend dispatches when it has stored events (here or in another tab), and the
 * app's demo transport listens for to ask `/api/events/recent`: one name for both sides.
 */
export const LIVE_WAKE_EVENT = 'sua:events';
