// A merchant page's script written against paywidgets.d.ts: compiled by `npm run typecheck` (see
// tsconfig.json here), so the declaration stays usable as merchants use it.

window.wpwlOptions = {
  style: 'plain',
  locale: 'de-CH',
  showLabels: 'true',
  labels: { submit: 'Jetzt kaufen' },
  errorMessages: { cvvError: 'Bitte Prüfnummer prüfen' },
  threeDIframeSize: { width: '100%', height: 420 },
  onReady() {
    this.$form.find('.wpwl-group-cardHolder').addClass('hidden');
    window.wpwl?.executePayment('wpwl-container-card');
  },
  onError(error) {
    if (error.name === 'InvalidCheckoutIdError' || error.code === '200.300.404') location.reload();
  },
  onBeforeSubmitCard(event) {
    return event.target.querySelector('[name="card.holder"]') !== null;
  },
  onBlurCardNumber(isValid) {
    this.$form.css('opacity', isValid ? 1 : 0.8);
  },
  onReadyIframeCommunication() {
    this.$iframe.css({ height: '40px' });
  },
};

const cacheVersion: string | undefined = window.wpwl?.cacheVersion;
const storedCards = window.wpwl?.checkout.config?.registrations?.length ?? 0;
window.wpwl?.unload();
export { cacheVersion, storedCards };

// The declaration is strict where the widget is: an unknown style or callback shape is an error.
// @ts-expect-error not a style of the widget
const wrongStyle: WpwlOptions = { style: 'fancy' };
// @ts-expect-error onBlurCardNumber receives a boolean
const wrongCallback: WpwlOptions = { onBlurCardNumber: (isValid: string) => isValid };
export { wrongStyle, wrongCallback };
