export { liveEventsActor, pauseLive, startLive, stopLive, subscribeLiveEvents, useLiveStatus } from './live-service';
export type { LiveStatus } from '@machines/live/live-events.machine';
