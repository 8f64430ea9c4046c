import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { type Listener, type ListenerHooks, openListener } from '../modules/events/listener.js';

/** What a subscriber hears on its channel. */
export interface ChannelHooks {
  /** A NOTIFY on the channel with its payload (text, at most 8000 bytes). */
  onNotify(payload: string): void;
  /** The listening connection is (again) up: whatever was notified while it was down was missed. */
  onConnected(): void;
}

/** Subscribes to PostgreSQL NOTIFY channels on the process's one listening connection. */
export interface NotifyHub {
  /**
   * Adds `hooks` for `channel` (a plain lower-case identifier). Call it while the app is being built, before it is
   * ready: the connection opens once, on `onReady`, LISTENing on every channel subscribed by then. Throws after.
   */
  subscribe(channel: string, hooks: ChannelHooks): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifyHub: NotifyHub;
  }
}

/**
 * The one listening connection of a server process (docs/events.md): the live-event bus, the session cache's
 * relay and the page caches all hear their channels on it, instead of one dedicated PostgreSQL connection each.
 * On PGlite the embedded database's own LISTEN is used (no connection at all).
 */
export default fp(
  async function notifyHub(app: FastifyInstance) {
    const subs = new Map<string, ChannelHooks[]>();
    let listener: Listener | null = null;
    let opened = false;
    app.decorate('notifyHub', {
      subscribe(channel, hooks) {
        if (opened) throw new Error(`notify hub: subscribe to ${channel} after the app is ready`);
        const list = subs.get(channel) ?? [];
        list.push(hooks);
        subs.set(channel, list);
      },
    } satisfies NotifyHub);
    app.addHook('onReady', async () => {
      opened = true;
      if (!subs.size) return;
      const each = (fn: (h: ChannelHooks) => void) => {
        for (const list of subs.values())
          for (const h of list) {
            try {
              fn(h);
            } catch (err) {
              app.log.error({ err }, 'notify hub: a subscriber failed');
            }
          }
      };
      const hooks: ListenerHooks = {
        onNotify: (channel, payload) => {
          for (const h of subs.get(channel) ?? []) {
            try {
              h.onNotify(payload);
            } catch (err) {
              app.log.error({ err, channel }, 'notify hub: a subscriber failed');
            }
          }
        },
        onConnected: () => each((h) => h.onConnected()),
        onError: (err) => app.log.warn({ err }, 'notify hub: the listening connection failed'),
      };
      listener = await openListener(app.ctx, [...subs.keys()], hooks);
    });
    app.addHook('onClose', async () => {
      await listener?.close();
    });
  },
  { name: 'notify-hub' },
);
