import type { Invoice } from './rules';

const party = (name: string) => ({
  legalEntityId: 1,
  name,
  address: ['1 Street'],
  vatRegistered: true,
  vatNumber: 'GB123456789',
  vatHundredths: 2000,
  email: '',
  bank: { bankName: '', iban: '', sortCode: '', accountNumber: '' },
});

/** An issued invoice of Chen Camera Ltd to Northbridge, changed by the fields given. */
export const makeInvoice = (over: Partial<Invoice> = {}): Invoice => ({
  id: 1,
  kind: 'invoice',
  number: 'SB5-00001',
  supplier: party('Chen Camera Ltd'),
  client: party('Northbridge Broadcasting PLC'),
  currency: 'GBP',
  periodStart: '2027-03-01',
  periodEnd: '2027-03-31',
  issueDate: '2027-04-02',
  dueDate: '2027-05-02',
  status: 'issued',
  overdue: false,
  paidOn: null,
  voidReason: '',
  creditForId: null,
  creditForNumber: null,
  creditNoteId: null,
  vatRegistered: true,
  vatPct: 20,
  netMinor: 45000,
  vatMinor: 9000,
  totalMinor: 54000,
  ir35: false,
  lines: [],
  canChange: false,
  version: 1,
  ...over,
});
