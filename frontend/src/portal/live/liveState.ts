import { createStore, useStore } from '@/shared/store/createStore';

/** Whether the portal's hub connection is up (the account screen says so). */
export const liveStore = createStore({ connected: false });

export const useLiveState = () => useStore(liveStore, (state) => state.connected);
