/**
 * A postal address as the shop keeps it, in one shape for the address book, the checkout form
 * and the snapshot an order keeps (the book may change later; the order's copy does not).
 */
export interface PostalAddress {
  firstName: string;
  lastName: string;
  company: string;
  address: string;
  address2: string;
  /** ISO code ('' in a form until chosen). */
  country: string;
  /** The state's code for countries with a list, else what the shopper typed. */
  province: string;
  postalCode: string;
  phoneCode: string;
  city: string;
  phone: string;
}
