// The invoices feature's public entry: the sidebar's rule and the legal entity page's card.
export { canSeeInvoices } from './rules';
export { SelfBillingCard } from './components/self-billing-card';
