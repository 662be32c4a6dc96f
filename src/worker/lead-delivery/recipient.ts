/** A company that receives a lead's personal data: by its own delivery, or MediaAlpha with the phone lease. */
export interface Recipient {
  id: string;
  name: string;
  kind: 'seller' | 'quotewizard' | 'mediaalpha';
}
