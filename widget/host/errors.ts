// Errors handed to wpwlOptions.onError (widget surface §4): a name merchants switch on, a message,
// and for an unknown or expired checkout the API's code 200.300.404.

export type WidgetErrorName = 'InvalidCheckoutIdError' | 'WidgetError' | 'PciIframeSubmitError' | 'PciIframeCommunicationError';

export interface WidgetErrorInfo {
  code?: string;
  brand?: string;
  event?: unknown;
}

export function widgetError(name: WidgetErrorName, message: string, info: WidgetErrorInfo = {}): Error & WidgetErrorInfo {
  const error = new Error(message) as Error & WidgetErrorInfo;
  error.name = name;
  return Object.assign(error, info);
}
