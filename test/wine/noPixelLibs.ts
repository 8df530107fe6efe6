/**
 * Stands in for the pixel libraries (`sharp`, `tesseract.js`) in the Wine bundle
 * (conformance.sh aliases both here): the service layer the apps specs compose imports the
 * pixel encoder and OCR, whose native parts and workers exist for Linux only in this checkout.
 * Nothing in those runs encodes an image or reads text from one; a call says so.
 */
function unavailable(): never {
  throw new Error('image encoding and OCR are not available in the Wine runs');
}

export default unavailable;
export const createWorker = unavailable;
export const OEM = { LSTM_ONLY: 1 };
