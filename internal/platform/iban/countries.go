package iban

// country is one row of the IBAN registry: the total IBAN length, the BBAN structure in the
// registry's notation, and where the bank, branch and account codes sit in the BBAN (0-based,
// end exclusive; zero ranges where the registry defines none).
type country struct {
	Length  int
	BBAN    string
	Bank    [2]int
	Branch  [2]int
	Account [2]int // zero: the rest of the BBAN after bank and branch
	Example string // the registry's example IBAN, used by the table test
	SEPA    bool
	Name    string
}

// countries is the table, after the SWIFT IBAN registry (ISO 13616). Every SEPA country is here,
// with the common others.
var countries = map[string]country{
	"AD": {24, "4!n4!n12!c", r(0, 4), r(4, 8), r(8, 20), "AD1200012030200359100100", true, "Andorra"},
	"AE": {23, "3!n16!n", r(0, 3), r(0, 0), r(3, 19), "AE070331234567890123456", false, "United Arab Emirates"},
	"AL": {28, "8!n16!c", r(0, 3), r(3, 8), r(8, 24), "AL47212110090000000235698741", false, "Albania"},
	"AT": {20, "5!n11!n", r(0, 5), r(0, 0), r(5, 16), "AT611904300234573201", true, "Austria"},
	"AZ": {28, "4!a20!c", r(0, 4), r(0, 0), r(4, 24), "AZ21NABZ00000000137010001944", false, "Azerbaijan"},
	"BA": {20, "3!n3!n8!n2!n", r(0, 3), r(3, 6), r(6, 14), "BA391290079401028494", false, "Bosnia and Herzegovina"},
	"BE": {16, "3!n7!n2!n", r(0, 3), r(0, 0), r(3, 10), "BE68539007547034", true, "Belgium"},
	"BG": {22, "4!a4!n2!n8!c", r(0, 4), r(4, 8), r(10, 18), "BG80BNBG96611020345678", true, "Bulgaria"},
	"BH": {22, "4!a14!c", r(0, 4), r(0, 0), r(4, 18), "BH67BMAG00001299123456", false, "Bahrain"},
	"BR": {29, "8!n5!n10!n1!a1!c", r(0, 8), r(8, 13), r(13, 23), "BR1800360305000010009795493C1", false, "Brazil"},
	"BY": {28, "4!c4!n16!c", r(0, 4), r(0, 0), r(8, 24), "BY13NBRB3600900000002Z00AB00", false, "Belarus"},
	"CH": {21, "5!n12!c", r(0, 5), r(0, 0), r(5, 17), "CH9300762011623852957", true, "Switzerland"},
	"CR": {22, "4!n14!n", r(0, 4), r(0, 0), r(4, 18), "CR05015202001026284066", false, "Costa Rica"},
	"CY": {28, "3!n5!n16!c", r(0, 3), r(3, 8), r(8, 24), "CY17002001280000001200527600", true, "Cyprus"},
	"CZ": {24, "4!n6!n10!n", r(0, 4), r(0, 0), r(4, 20), "CZ6508000000192000145399", true, "Czechia"},
	"DE": {22, "8!n10!n", r(0, 8), r(0, 0), r(8, 18), "DE89370400440532013000", true, "Germany"},
	"DK": {18, "4!n9!n1!n", r(0, 4), r(0, 0), r(4, 14), "DK5000400440116243", true, "Denmark"},
	"DO": {28, "4!c20!n", r(0, 4), r(0, 0), r(4, 24), "DO28BAGR00000001212453611324", false, "Dominican Republic"},
	"EE": {20, "2!n2!n11!n1!n", r(0, 2), r(0, 0), r(4, 16), "EE382200221020145685", true, "Estonia"},
	"EG": {29, "4!n4!n17!n", r(0, 4), r(4, 8), r(8, 25), "EG380019000500000000263180002", false, "Egypt"},
	"ES": {24, "4!n4!n1!n1!n10!n", r(0, 4), r(4, 8), r(10, 20), "ES9121000418450200051332", true, "Spain"},
	"FI": {18, "3!n11!n", r(0, 3), r(0, 0), r(3, 14), "FI2112345600000785", true, "Finland"},
	"FO": {18, "4!n9!n1!n", r(0, 4), r(0, 0), r(4, 14), "FO6264600001631634", false, "Faroe Islands"},
	"FR": {27, "5!n5!n11!c2!n", r(0, 5), r(5, 10), r(10, 21), "FR1420041010050500013M02606", true, "France"},
	"GB": {22, "4!a6!n8!n", r(0, 4), r(4, 10), r(10, 18), "GB29NWBK60161331926819", true, "United Kingdom"},
	"GE": {22, "2!a16!n", r(0, 2), r(0, 0), r(2, 18), "GE29NB0000000101904917", false, "Georgia"},
	"GI": {23, "4!a15!c", r(0, 4), r(0, 0), r(4, 19), "GI75NWBK000000007099453", true, "Gibraltar"},
	"GL": {18, "4!n9!n1!n", r(0, 4), r(0, 0), r(4, 14), "GL8964710001000206", false, "Greenland"},
	"GR": {27, "3!n4!n16!c", r(0, 3), r(3, 7), r(7, 23), "GR1601101250000000012300695", true, "Greece"},
	"GT": {28, "4!c20!c", r(0, 4), r(0, 0), r(4, 24), "GT82TRAJ01020000001210029690", false, "Guatemala"},
	"HR": {21, "7!n10!n", r(0, 7), r(0, 0), r(7, 17), "HR1210010051863000160", true, "Croatia"},
	"HU": {28, "3!n4!n1!n15!n1!n", r(0, 3), r(3, 7), r(8, 23), "HU42117730161111101800000000", true, "Hungary"},
	"IE": {22, "4!a6!n8!n", r(0, 4), r(4, 10), r(10, 18), "IE29AIBK93115212345678", true, "Ireland"},
	"IL": {23, "3!n3!n13!n", r(0, 3), r(3, 6), r(6, 19), "IL620108000000099999999", false, "Israel"},
	"IQ": {23, "4!a3!n12!n", r(0, 4), r(4, 7), r(7, 19), "IQ98NBIQ850123456789012", false, "Iraq"},
	"IS": {26, "4!n2!n6!n10!n", r(0, 2), r(2, 4), r(6, 12), "IS140159260076545510730339", true, "Iceland"},
	"IT": {27, "1!a5!n5!n12!c", r(1, 6), r(6, 11), r(11, 23), "IT60X0542811101000000123456", true, "Italy"},
	"JO": {30, "4!a4!n18!c", r(0, 4), r(4, 8), r(8, 26), "JO94CBJO0010000000000131000302", false, "Jordan"},
	"KW": {30, "4!a22!c", r(0, 4), r(0, 0), r(4, 26), "KW81CBKU0000000000001234560101", false, "Kuwait"},
	"KZ": {20, "3!n13!c", r(0, 3), r(0, 0), r(3, 16), "KZ86125KZT5004100100", false, "Kazakhstan"},
	"LB": {28, "4!n20!c", r(0, 4), r(0, 0), r(4, 24), "LB62099900000001001901229114", false, "Lebanon"},
	"LC": {32, "4!a24!c", r(0, 4), r(0, 0), r(4, 28), "LC55HEMM000100010012001200023015", false, "Saint Lucia"},
	"LI": {21, "5!n12!c", r(0, 5), r(0, 0), r(5, 17), "LI21088100002324013AA", true, "Liechtenstein"},
	"LT": {20, "5!n11!n", r(0, 5), r(0, 0), r(5, 16), "LT121000011101001000", true, "Lithuania"},
	"LU": {20, "3!n13!c", r(0, 3), r(0, 0), r(3, 16), "LU280019400644750000", true, "Luxembourg"},
	"LV": {21, "4!a13!c", r(0, 4), r(0, 0), r(4, 17), "LV80BANK0000435195001", true, "Latvia"},
	"MC": {27, "5!n5!n11!c2!n", r(0, 5), r(5, 10), r(10, 21), "MC5811222000010123456789030", true, "Monaco"},
	"MD": {24, "2!c18!c", r(0, 2), r(0, 0), r(2, 20), "MD24AG000225100013104168", false, "Moldova"},
	"ME": {22, "3!n13!n2!n", r(0, 3), r(0, 0), r(3, 16), "ME25505000012345678951", false, "Montenegro"},
	"MK": {19, "3!n10!c2!n", r(0, 3), r(0, 0), r(3, 13), "MK07250120000058984", false, "North Macedonia"},
	"MR": {27, "5!n5!n11!n2!n", r(0, 5), r(5, 10), r(10, 21), "MR1300020001010000123456753", false, "Mauritania"},
	"MT": {31, "4!a5!n18!c", r(0, 4), r(4, 9), r(9, 27), "MT84MALT011000012345MTLCAST001S", true, "Malta"},
	"MU": {30, "4!a2!n2!n12!n3!n3!a", r(0, 6), r(6, 8), r(8, 20), "MU17BOMM0101101030300200000MUR", false, "Mauritius"},
	"NL": {18, "4!a10!n", r(0, 4), r(0, 0), r(4, 14), "NL91ABNA0417164300", true, "Netherlands"},
	"NO": {15, "4!n6!n1!n", r(0, 4), r(0, 0), r(4, 10), "NO9386011117947", true, "Norway"},
	"PK": {24, "4!a16!c", r(0, 4), r(0, 0), r(4, 20), "PK36SCBL0000001123456702", false, "Pakistan"},
	"PL": {28, "8!n16!n", r(0, 3), r(3, 8), r(8, 24), "PL61109010140000071219812874", true, "Poland"},
	"PS": {29, "4!a21!c", r(0, 4), r(0, 0), r(4, 25), "PS92PALS000000000400123456702", false, "Palestine"},
	"PT": {25, "4!n4!n11!n2!n", r(0, 4), r(4, 8), r(8, 19), "PT50000201231234567890154", true, "Portugal"},
	"QA": {29, "4!a21!c", r(0, 4), r(0, 0), r(4, 25), "QA58DOHB00001234567890ABCDEFG", false, "Qatar"},
	"RO": {24, "4!a16!c", r(0, 4), r(0, 0), r(4, 20), "RO49AAAA1B31007593840000", true, "Romania"},
	"RS": {22, "3!n13!n2!n", r(0, 3), r(0, 0), r(3, 16), "RS35260005601001611379", false, "Serbia"},
	"SA": {24, "2!n18!c", r(0, 2), r(0, 0), r(2, 20), "SA0380000000608010167519", false, "Saudi Arabia"},
	"SC": {31, "4!a2!n2!n16!n3!a", r(0, 6), r(6, 8), r(8, 24), "SC18SSCB11010000000000001497USD", false, "Seychelles"},
	"SE": {24, "3!n16!n1!n", r(0, 3), r(0, 0), r(3, 20), "SE4550000000058398257466", true, "Sweden"},
	"SI": {19, "5!n8!n2!n", r(0, 2), r(2, 5), r(5, 13), "SI56263300012039086", true, "Slovenia"},
	"SK": {24, "4!n6!n10!n", r(0, 4), r(0, 0), r(4, 20), "SK3112000000198742637541", true, "Slovakia"},
	"SM": {27, "1!a5!n5!n12!c", r(1, 6), r(6, 11), r(11, 23), "SM86U0322509800000000270100", true, "San Marino"},
	"SV": {28, "4!a20!n", r(0, 4), r(0, 0), r(4, 24), "SV62CENR00000000000000700025", false, "El Salvador"},
	"TL": {23, "3!n14!n2!n", r(0, 3), r(0, 0), r(3, 17), "TL380080012345678910157", false, "Timor-Leste"},
	"TN": {24, "2!n3!n13!n2!n", r(0, 2), r(2, 5), r(5, 18), "TN5910006035183598478831", false, "Tunisia"},
	"TR": {26, "5!n1!n16!c", r(0, 5), r(0, 0), r(6, 22), "TR330006100519786457841326", false, "Turkey"},
	"UA": {29, "6!n19!c", r(0, 6), r(0, 0), r(6, 25), "UA213223130000026007233566001", false, "Ukraine"},
	"VA": {22, "3!n15!n", r(0, 3), r(0, 0), r(3, 18), "VA59001123000012345678", true, "Vatican City"},
	"VG": {24, "4!a16!n", r(0, 4), r(0, 0), r(4, 20), "VG96VPVG0000012345678901", false, "British Virgin Islands"},
	"XK": {20, "4!n10!n2!n", r(0, 2), r(2, 4), r(4, 14), "XK051212012345678906", false, "Kosovo"},
}

func r(start, end int) [2]int { return [2]int{start, end} }
