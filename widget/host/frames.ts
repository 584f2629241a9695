// The host's end of the channel for one card form: it knows the relay origin R from the loader,
// so everything it sends targets exactly R; it accepts a message only from R, from the current
// window of the iframe that message claims to be, on this form's channel, in a known shape.

import { accept, newChannelId, sendToFrame, type Incoming } from '../protocol/channel.js';
import { isFrameToHost, isHostToFrame, TAG, type ConfigMsg, type Field, type FrameToHost, type HostToFrameBody } from '../protocol/messages.js';
import type { WidgetEnv } from './env.js';
import type { CardFormModel } from './model.js';

export class FrameLinks {
  private readonly iframes: Partial<Record<Field, HTMLIFrameElement>> = {};
  /** Known to this object and the frames only: never in the DOM (see messages.ts, HostEnvelope). */
  private readonly key = newChannelId();

  constructor(
    /** Exact relay origin. */
    readonly origin: string,
    readonly channel: string,
  ) {}

  attach(field: Field, iframe: HTMLIFrameElement): void {
    this.iframes[field] = iframe;
  }

  iframe(field: Field): HTMLIFrameElement | undefined {
    return this.iframes[field];
  }

  /** The message if it is from one of this form's frames (and which one); else null. */
  receive(e: Incoming): { field: Field; msg: FrameToHost } | null {
    for (const field of ['cardNumber', 'cvv'] as const) {
      const win = this.iframes[field]?.contentWindow;
      if (!win || e.source !== win) continue;
      const msg = accept(e, { origin: this.origin, window: win, channel: this.channel }, isFrameToHost);
      if (!msg) return null;
      // A frame speaks only for its own field; only the card-number frame submits.
      if ('field' in msg && msg.field !== field) return null;
      if ((msg.type === 'outcome' || msg.type === 'failure') && field !== 'cardNumber') return null;
      return { field, msg };
    }
    return null;
  }

  /** Sends to one frame; false if the frame is not there or the message would not pass its guard. */
  send(field: Field, body: HostToFrameBody): boolean {
    if (!isHostToFrame({ ...body, tag: TAG, channel: this.channel, key: this.key })) return false;
    return sendToFrame(this.iframes[field]?.contentWindow, this.origin, this.channel, this.key, body);
  }
}

/** What a (re)loaded frame is told: brands, detection, its texts, placeholder styles. */
export function configFor(field: Field, model: CardFormModel, env: WidgetEnv): Omit<ConfigMsg, 'tag' | 'channel' | 'key'> {
  const { labels } = env.texts;
  const label = field === 'cardNumber' ? labels.cardNumber : labels.cvv;
  const styleKey = field === 'cardNumber' ? 'card-number-placeholder' : 'cvv-placeholder';
  return {
    type: 'config',
    field,
    brands: [...model.brands],
    brand: model.brand.peek(),
    detection: env.options.brandDetection,
    priority: env.options.brandDetectionPriority,
    label,
    placeholder: env.options.showPlaceholders ? label : '',
    lang: env.texts.lang,
    dir: env.texts.dir,
    mask: env.options.maskCvv,
    allowEmpty: env.options.allowEmptyCvv,
    placeholderStyle: env.options.iframeStyles[styleKey] ?? {},
  };
}
