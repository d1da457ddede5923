// The words printed beside a price that say what it is (read by card-price.ts): a struck price's label, an instalment,
// a fee, a threshold, a coupon, a reward, a condition, a saving, an amount taken off.

// A fee beside the price: delivery, shipping, postage.
export const FEE =
  /^[+＋]|送料|shipping|delivery|postage|доставк|envío|envio|frete|lieferung|versand|livraison|spedizione/i;
// A struck price's label, in it or just before it: "Was $19.99", "UVP", "Rek. cena det", "prix conseillé".
export const WAS_LABEL =
  /^(?:was|antes|statt|avant|prima|list price|original price|rrp|m\.?r\.?p|typical|вместо|uvp|rek\.?\s?cena|cena (?:katalogowa|regularna|poprzednia)|prix conseillé|precio (?:recomendado|anterior))(?=$|[\s:.]|\d)/i;
// Per-period and instalment wording beside an amount: "12 cuotas de S/ 159", "от 2 927 ₽ в мес.", "/mo".
export const PERIODIC =
  /cuotas|parcelas|installments?|instalments?|\bEMI\b|\/\s?(?:mes|mo|month|мес)|per month|a month|monthly|monatlich|par mois|в мес|месяц|рассрочк|кредит|月々|分割|\b\d{1,2}\s?x\s?de\b/i;
// "3,500円 (税別)以上で 配送料無料", "Free shipping on orders over $35", "满68元,包邮" (over 68 yuan, free delivery),
// "en compras superiores a $50.000": the least an order must reach for something.
export const THRESHOLD =
  /以上|满\s?[¥￥]?\s?\d|包邮|免运费|or more|and above|orders? (?:over|above|of)\b|spend (?:over|at least)\b|(?:pedidos|compras) (?:superiores|mayores|acima) (?:a|de)\b/i;
// "Ek 15 TL Kupon", "$5 off coupon", "Save ₹50 with coupon": a coupon's worth, not the item's price.
export const COUPON = /\b(?:coupons?|kupon|cup[óo]n|cupom|gutschein|voucher)\b|クーポン|优惠券|쿠폰/i;
// "Cashback reward: ₩ 269,337", "+120 points": what the shopper earns back, not what they pay.
export const REWARD =
  /cash ?back|\brewards?\b|\bpoints\b|캐쉬백|캐시백|리워드|적립|返现|积分|キャッシュバック|ポイント|кэшбэк|балл/i;
// "₹1,804 with Bank offer", "£1.25 with Nectar": a price on a condition the shopper may not meet.
export const CONDITION = /^(?:with|con|mit|avec|com|при|с)\s/i;
// "(-15 Lei)", "−20 €", "(Save £2.50)", "Économisez 640,000 DT": what the shopper saves, not what they pay.
export const SAVING =
  /^\(?\s?(?:[-−–]\s?\D{0,4}\d|(?:you save|save|vous économisez|économisez|sie sparen|sparen sie|ahorras|ahorra|risparmi|oszczędzasz|je bespaart|bespaar|economize|poupe)\b)/i;
// "₩ 16,720 할인!", "최대 10만원 할인", "€5 off", "₩ 532342 적용됨" (applied): an amount a word after it says is taken off
// ("할인가", a discounted price, is paid); and "₩ 141,519" over "캐쉬백 적용 후", a price after a cashback still to come.
const TAKEN_OFF_WORD =
  "(?:할인(?!가)|off\\b|discount|rabatt|remise|descuento|desconto|sconto|скидк|割引|적용됨|applied)";
export const TAKEN_OFF_AFTER = new RegExp(`^${TAKEN_OFF_WORD}|^(?:after cash ?back|캐[쉬시]백\\s?적용\\s?후)`, "i");
export const TAKEN_OFF_ENDING = new RegExp(`\\d[^\\d%]{0,3}\\s?${TAKEN_OFF_WORD}\\W*$`, "i");
