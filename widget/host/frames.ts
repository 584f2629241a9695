// The host's end of the channel for one card form: it knows the relay origin R from the loader,
// so everything it sends targets exactly R and carries the form's key, which the frames were given
// in the URL they were sent to (loader/launch.ts); it accepts a message only from R, from the
// current window of the iframe that message claims to be, on this form's channel, in a known shape.

import { accept, sendToFrame, type Incoming } from '../protocol/channel.js';
import { frameUrl, type ChannelKeys } from '../protocol/frame-url.js';
import { isFrameToHost, isHostToFrame, TAG, type ConfigMsg, type Field, type FrameToHost, type HostToFrameBody } from '../protocol/messages.js';
import { launch } from '../loader/launch.js';
import type { WidgetEnv } from './env.js';
import type { CardFormModel } from './model.js';

export class FrameLinks {
  private readonly iframes: Partial<Record<Field, HTMLIFrameElement>> = {};
  /** Frames that said 'ready' (at least once). */
  private readonly up = new Set<Field>();
  readonly channel: string;
  /** Known to this object and the frames only: never in the DOM (see messages.ts, HostEnvelope). */
  private readonly key: string;

  constructor(
    /** Exact relay origin. */
    readonly origin: string,
    keys: ChannelKeys,
  ) {
    this.channel = keys.channel;
    this.key = keys.key;
  }

  attach(field: Field, iframe: HTMLIFrameElement): void {
    this.iframes[field] = iframe;
  }

  /**
   * Sends an iframe this form made itself, now in the document, to its frame page with the key in
   * the URL's fragment (loader/launch.ts). The loader's iframes are on their way already.
   */
  launch(field: Field, base: string, checkoutId: string): void {
    const iframe = this.iframes[field];
    if (iframe) launch(iframe, frameUrl(base, checkoutId, field, { channel: this.channel, key: this.key }));
  }

  iframe(field: Field): HTMLIFrameElement | undefined {
    return this.iframes[field];
  }

  /**
   * The message if it is from one of this form's frames (and which one); else null. The sender's
   * window is compared with the one frame the message claims to be, and only once everything else
   * passed (see Peer.window).
   */
  receive(e: Incoming): { field: Field; msg: FrameToHost } | null {
    // A frame speaks only for its own field; only the card-number frame submits. The window is
    // asked for once the message passed the shape guard, so e.data is a FrameToHost then.
    const fieldOf = (m: FrameToHost): Field => ('field' in m ? m.field : 'cardNumber');
    const window = () => this.iframes[fieldOf(e.data as FrameToHost)]?.contentWindow;
    const msg = accept(e, { origin: this.origin, window, channel: this.channel }, isFrameToHost);
    if (!msg) return null;
    const field = fieldOf(msg);
    if (msg.type === 'ready') this.up.add(field);
    return { field, msg };
  }

  /**
   * Sends to one frame; false if the frame is not there, has not said 'ready' yet (it would drop
   * the message, and its window may still be the initial about:blank), or the message would not
   * pass its guard.
   */
  send(field: Field, body: HostToFrameBody): boolean {
    if (!this.up.has(field)) return false;
    if (!isHostToFrame({ ...body, tag: TAG, channel: this.channel, key: this.key })) return false;
    return sendToFrame(this.iframes[field]?.contentWindow, this.origin, this.channel, this.key, body);
  }
}

/** What a (re)loaded frame is told: brands, detection, its texts, placeholder styles. */
export function configFor(field: Field, model: CardFormModel, env: WidgetEnv): Omit<ConfigMsg, 'tag' | 'channel' | 'key'> {
  const { labels } = env.texts;
  const label = { cardNumber: labels.cardNumber, cvv: labels.cvv, expiry: labels.expiryDate, cardHolder: labels.cardHolder }[field];
  const expiry = field === 'expiry';
  return {
    type: 'config',
    field,
    brands: [...model.brands],
    brand: model.brand.peek(),
    detection: env.options.brandDetection,
    priority: env.options.brandDetectionPriority,
    label,
    placeholder: env.options.showPlaceholders ? (expiry ? labels.mmyy : label) : '',
    lang: env.texts.lang,
    dir: env.texts.dir,
    mask: env.options.maskCvv,
    allowEmpty: env.options.allowEmptyCvv,
    // iframeStyles' keys: card-number-placeholder, cvv-, expiry-, card-holder-placeholder.
    placeholderStyle: env.options.iframeStyles[`${field.replace(/[A-Z]/g, (c) => '-' + c.toLowerCase())}-placeholder`] ?? {},
    ...(expiry && { checkDate: !env.options.disableCardExpiryDateValidation }),
  };
}
