package iban

// banks is a small directory of bank names by country and bank code, for the IBAN check's
// bankName. It is deliberately short: common UK banks and a few large continental ones, each a
// real bank under its real code; a code it does not hold has no name (the registry's example
// bank WEST is not one).
var banks = map[string]map[string]string{
	"GB": {
		"NWBK": "NatWest", "BARC": "Barclays", "BUKB": "Barclays", "LOYD": "Lloyds",
		"HBUK": "HSBC UK", "MIDL": "HSBC", "RBOS": "Royal Bank of Scotland", "MONZ": "Monzo",
		"SRLG": "Starling", "NAIA": "Nationwide", "ABBY": "Santander UK", "CPBK": "The Co-operative Bank",
		"TSBS": "TSB", "BOFS": "Bank of Scotland", "CLYD": "Clydesdale Bank", "REVO": "Revolut",
		"HLFX": "Halifax", "COUT": "Coutts", "METR": "Metro Bank",
	},
	"IE": {"AIBK": "AIB", "BOFI": "Bank of Ireland", "IPBS": "Permanent TSB"},
	"DE": {
		"37040044": "Commerzbank", "50070010": "Deutsche Bank", "10010010": "Postbank",
		"10070000": "Deutsche Bank", "50010517": "ING-DiBa", "20050550": "Hamburger Sparkasse",
	},
	"FR": {
		"20041": "La Banque Postale", "30004": "BNP Paribas", "30003": "Société Générale",
		"30002": "Crédit Lyonnais (LCL)", "30066": "CIC", "11315": "Caisse d'Epargne",
	},
	"NL": {
		"ABNA": "ABN AMRO", "INGB": "ING", "RABO": "Rabobank", "SNSB": "SNS Bank", "TRIO": "Triodos Bank",
		"KNAB": "Knab", "BUNQ": "bunq",
	},
	"ES": {
		"2100": "CaixaBank", "0049": "Banco Santander", "0182": "BBVA", "0081": "Banco Sabadell",
		"2085": "Ibercaja", "0128": "Bankinter",
	},
}

// BankName returns the directory's name for a bank code in a country, or "".
func BankName(countryCode, bankCode string) string { return banks[countryCode][bankCode] }
