// Unit prices: a price of a measure of the item ("22p / 100g", "$0.35/oz", "1 KILO A 17,25 €"), not the item's.
// Hand-written: the wording is a handful of shapes no library names.

// A unit after the amount: "22p / 100g", "$2 per lb", "39¢/oz", "$5 / each".
const PER_UNIT = /\/\s*\d*\s*[a-zа-я]{1,6}\.?$|\bper\s+\d*\s*[a-z]+$|¢\s*\/|\/\s*(?:ea|each|unit)\b/i;
// A measure set right before a price makes it that measure's price: "1 KILO A 17,25 €", "1 kg: 4,99 €",
// "100 g = 1,20 €", "Prix au kg 8,90 €". Only a measure said to price (a word before it, a sign after it, or one
// unit: "1 kg", "100 g"): an item's own weight ("2 kg" beside its price, "Jamón, sobre 200 g") is none.
const UNIT = "(?:kilos?|kg|grams?|gramos|litros?|litres?|liters?|ml|cl|lbs?|oz|m²|m2)";
const SHORT_UNIT = "(?:gr?|l)";
const QUANTITY = "\\d+(?:[.,]\\d+)?\\s*";
const ONE = "(?:1|100|1000)\\s*";
const MEASURE = [
  `(?:(?:precio|prix|preis|price)\\s+)?(?:por|per|pro|au|le|el|al)\\s+(?:${QUANTITY})?(?:${UNIT}|${SHORT_UNIT})`,
  `(?:(?:${QUANTITY})?${UNIT}|${QUANTITY}${SHORT_UNIT})\\s*(?:a|à|=|:)`,
  `(?:${ONE})?${UNIT}`,
  `${ONE}${SHORT_UNIT}`,
].join("|");
const MEASURE_ALONE = new RegExp(`^(?:${MEASURE})$`, "i");
const MEASURE_THEN_PRICE = new RegExp(`^(?:${MEASURE})\\s*[^\\s\\d]{0,3}\\s?\\d[\\d.,]*\\s?[^\\s\\d]{0,4}$`, "i");

/**
 * Whether a price's text is a unit price: per a unit after it ("22p / 100g", "$2 per lb"), or after a measure said to
 * price, in its own text or in the element `before` it ("1 KILO A" then "17,25 €").
 */
export const isUnitPrice = (text: string, before: string): boolean =>
  PER_UNIT.test(text) || MEASURE_THEN_PRICE.test(text) || MEASURE_ALONE.test(before);
