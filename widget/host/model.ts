// UI state of one card form as small signal models. The DOM reads them through effects
// (bind.ts); nothing else stores UI state. Pattern after @preact/signals devtools-ui models/.

import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-core';
import type { Field } from '../protocol/messages.js';

/** One card iframe as the host sees it: the frame's reported state, never its value. */
export interface FrameFieldModel {
  /** The frame announced itself and has its configuration since it (re)loaded: its channel is up. */
  ready: Signal<boolean>;
  empty: Signal<boolean>;
  valid: Signal<boolean>;
  focused: Signal<boolean>;
  error: Signal<boolean>;
}

function frameField(): FrameFieldModel {
  return { ready: signal(false), empty: signal(true), valid: signal(false), focused: signal(false), error: signal(false) };
}

export class CardFormModel {
  /** Brand chosen in the select (by the shopper or by detection). */
  readonly brand: Signal<string | null>;
  /** Allowed brands the typed digits match, best first. */
  readonly detected = signal<string[]>([]);
  readonly number = frameField();
  readonly cvv = frameField();
  readonly expiryError = signal(false);
  readonly holderError = signal(false);
  readonly paying = signal(false);
  /** The checkout cannot be paid any more (locked after declines, or gone). */
  readonly locked = signal(false);
  /** Payment-level message shown as div.wpwl-message.wpwl-has-error. */
  readonly message = signal<string | null>(null);
  /** 3-D Secure page shown in iframe.wpwl-target. */
  readonly threeDUrl = signal<string | null>(null);
  readonly busy: ReadonlySignal<boolean> = computed(() => this.paying.value || this.locked.value);

  constructor(
    readonly brands: readonly string[],
    /** Whether the form has a CVV frame (requireCvv). */
    readonly withCvv: boolean,
  ) {
    this.brand = signal(brands[0] ?? null);
  }

  /** The model of one card frame. */
  frame(field: Field): FrameFieldModel {
    return field === 'cardNumber' ? this.number : this.cvv;
  }

  /** Both frames (or the one) are up. */
  get framesReady(): boolean {
    return this.number.ready.value && (!this.withCvv || this.cvv.ready.value);
  }
}
