import { WORD_CHARACTERS } from './reply-check-normalise';

// Detectors of contact details in a reply or complaint (spec, Reply rule 4: no links, site addresses or e-mail
// addresses; Reply rule 7 for complaints). They read `CheckedText.contact`, where obfuscations are already undone.

// Endings that are no common word after a sentence's full stop, so "site . ru" with spaces still counts as an address.
const STANDALONE_ZONES = 'com|ru|su|org|io|biz|info|xyz|ua|kz|uz|рф|ру|ком|сом|орг';
// Endings that count only with no space after the dot ("shop.online", "shop .online"): "Thanks. Top quality" is a sentence.
const ATTACHED_ZONES =
  'net|by|me|shop|store|online|site|club|top|pro|app|dev|link|live|ly|cc|ws|tv|space|website|tech|market|tk|am|ge|de|uk|us|eu|cn|co|kg|tj|az|md|lv|lt|ee|pl|fr|рус|онлайн|сайт';
const ALL_ZONES = `${STANDALONE_ZONES}|${ATTACHED_ZONES}`;

// "т.е.", "и т.д.", "2.5 кг" and "12.03.2024" end in no known zone, so only a name followed by a zone is an address.
// Read from each dot, the name before it checked behind, so ordinary words cost nothing.
const SITE_ADDRESS = String.raw`\.(?<=[${WORD_CHARACTERS}] ?\.)(?:${ATTACHED_ZONES}| ?(?:${STANDALONE_ZONES}))(?![${WORD_CHARACTERS}])`;
// A scheme, "www" as a word, or an internationalised (punycode) name; each read from its first sign, the word start checked behind.
const LINK_MARKER = String.raw`:\/\/|www(?<![${WORD_CHARACTERS}]www)(?![${WORD_CHARACTERS}])|xn--(?<![${WORD_CHARACTERS}-]xn--)`;
// Both in one scan: every branch opens on its own sign (".", ":", "w", "x").
const LINK = new RegExp(`${LINK_MARKER}|${SITE_ADDRESS}`);

const MAIL_SERVICES = 'mail|gmail|yandex|yahoo|outlook|hotmail|icloud|rambler|protonmail';
// Labels and dots alternate, so the domain is read once from each "@". A known zone may stand apart from its dot; written
// without spaces ("name@shop.example"), any ending of two letters or more is an address too.
const EMAIL = new RegExp(
  String.raw`@(?<=[${WORD_CHARACTERS}._%+-] ?@) ?(?:[${WORD_CHARACTERS}-]+(?:\.[${WORD_CHARACTERS}-]+)* ?\. ?(?:${ALL_ZONES})|(?:${MAIL_SERVICES})|[${WORD_CHARACTERS}-]+(?:\.[${WORD_CHARACTERS}-]+)*\.[a-z\u0430-\u044f\u0451]{2,})(?![${WORD_CHARACTERS}])`,
);

export function hasLink(contact: string): boolean {
  return LINK.test(contact);
}

export function hasEmail(contact: string): boolean {
  return EMAIL.test(contact);
}
