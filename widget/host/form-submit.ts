// A widget form submits only through the widget. A property handler, not only a listener:
// jQuery's .trigger('submit') calls form.onsubmit and honours its false; and form.submit() is
// replaced too, so that neither the native submit nor a page's script posts the form to the page
// itself.

export function submitsThrough(form: HTMLFormElement, submit: () => void): void {
  form.onsubmit = (e: Event) => {
    e.preventDefault();
    submit();
    return false;
  };
  Object.defineProperty(form, 'submit', { configurable: true, value: submit });
}
