// (Loaded on demand: extras.) registrations.requireCvv: each stored card gets a CVV iframe of its
// own (`iframe.wpwl-control-cvv[name="card.cvv"]` in its group), a card frame like the card form's
// on a channel of its own. The shopper types the CVV of the card they pay with; that frame then
// submits the stored card's payment with the CVV itself (widget/frame/main.ts), so the CVV never
// passes through the page and no other frame needs to be asked for it. The card form's payment
// logic (veto, 3-D Secure, result) still runs the payment: the frame's outcome goes back to it.

import { newChannelKeys, type Incoming } from '../../protocol/channel.js';
import { frameUrl } from '../../protocol/frame-url.js';
import type { FrameToHost, PayMsg } from '../../protocol/messages.js';
import { cardIframe, launch } from '../../loader/launch.js';
import { h } from '../dom.js';
import type { WidgetEnv } from '../env.js';
import { FrameLinks } from '../frames.js';

export class StoredCvv {
  readonly iframe: HTMLIFrameElement;
  private readonly links: FrameLinks;
  private readonly hint: HTMLDivElement;
  private ready = false;
  private valid = false;

  constructor(
    private readonly env: WidgetEnv,
    private readonly brand: string,
    /** Where the payment's outcome goes: the card form that runs the payment. */
    private readonly onPayMessage: (msg: FrameToHost) => void,
  ) {
    this.links = new FrameLinks(env.origin, newChannelKeys());
    const { labels, errors } = env.texts;
    this.iframe = cardIframe('cvv');
    this.iframe.className = 'wpwl-control wpwl-control-iframe wpwl-control-cvv';
    this.iframe.title = labels.cvv;
    this.links.attach('cvv', this.iframe);
    // Outcomes and failures name no field: they are the submitting frame's, here this one.
    this.links.attach('cardNumber', this.iframe);
    this.hint = h('div', { class: 'wpwl-hint wpwl-hint-cvvError', role: 'alert' }, errors.cvvError);
  }

  /** Once the iframe is in the document: sends it to its frame page. */
  launch(): void {
    this.links.launch('cvv', this.env.base, this.env.checkoutId);
  }

  handleMessage(e: Incoming): boolean {
    const got = this.links.receive(e);
    if (!got) return false;
    const msg = got.msg;
    if (msg.type === 'ready') {
      this.ready = true;
      this.configure();
    } else if (msg.type === 'state') {
      this.valid = msg.valid;
      this.iframe.classList.toggle('wpwl-focus', msg.focused);
      if (msg.valid) this.showError(false);
    } else if (msg.type === 'failure' && msg.reason === 'invalid') {
      // The frame found the CVV wrong after all: marked here, the card form's own fields untouched.
      this.showError(true);
      this.onPayMessage({ ...msg, fields: [] });
    } else if (msg.type === 'outcome' || msg.type === 'failure') {
      this.onPayMessage(msg);
    }
    return true;
  }

  /**
   * The `send` of this card's payment, or null (reported on the field) if the CVV is not there yet
   * or not valid for the card's brand.
   */
  sender(): ((body: Omit<PayMsg, 'tag' | 'channel' | 'key'>) => boolean) | null {
    if (!this.ready || !this.valid) {
      this.showError(true);
      this.links.send('cvv', { type: 'focus' });
      return null;
    }
    return (body) => this.links.send('cvv', body);
  }

  private showError(on: boolean): void {
    this.iframe.classList.toggle('wpwl-has-error', on);
    if (on && this.iframe.nextSibling !== this.hint) this.iframe.after(this.hint);
    if (!on) this.hint.remove();
    this.links.send('cvv', { type: 'invalid', invalid: on, ...(on ? { error: this.env.texts.errors.cvvError } : {}) });
  }

  private configure(): void {
    const { env } = this;
    const label = env.texts.labels.cvv;
    this.links.send('cvv', {
      type: 'config',
      field: 'cvv',
      brands: [this.brand],
      brand: this.brand,
      detection: false,
      priority: [],
      label,
      placeholder: env.options.showPlaceholders ? label : '',
      lang: env.texts.lang,
      dir: env.texts.dir,
      mask: env.options.maskCvv,
      allowEmpty: false,
      placeholderStyle: env.options.iframeStyles['cvv-placeholder'] ?? {},
    });
  }

  destroy(): void {
    this.iframe.remove();
    this.hint.remove();
  }
}
