// Spec: "Airline" (all conditional): trip level, passengers[n], passengers[n].legs[n].

import type { ParamRow } from './row.js';

const rows = (prefix: string, format: string, fields: readonly string[]): ParamRow[] =>
  fields.map((f) => ({ name: `${prefix}${f}`, format, requirement: 'Conditional' }));

const TRIP = 'airline.';
const PASSENGER = 'airline.passengers[n].';
const LEG = 'airline.passengers[n].legs[n].';

export const airline: readonly ParamRow[] = [
  ...rows(TRIP, 'N10.N2', ['totalTaxAmount', 'totalFeesAmount', 'totalFareAmount']),
  ...rows(TRIP, 'date', ['ticketIssueDate']),
  ...rows(TRIP, 'AN255', ['ticketIssueAddress', 'thirdPartyBooking', 'bookingtype', 'ticketDeliveryMethod', 'bookingRefNum', 'agentName', 'agentCode']),
  ...rows(PASSENGER, 'AN255', ['type', 'name', 'ticketRestricted', 'ticketNumber', 'status', 'phone', 'frequentFlyerNumber', 'email', 'dob', 'checkDigit']),
  ...rows(LEG, 'N10.N2', ['taxAmount', 'feesAmount', 'fareAmount', 'departureTaxAmount']),
  ...rows(LEG, 'date', ['departureDate', 'arrivalDate']),
  ...rows(LEG, 'AN255', [
    'ticketNumber', 'stopOverAllowed', 'restrictions', 'flightNumber', 'fareBasis', 'exchangeTicketNum',
    'departureCountry', 'departureAirport', 'airlineName', 'airlineCode', 'departureTime', 'arrivalCountry',
    'arrivalAirport', 'arrivalTime', 'couponNumber', 'classOfService', 'carrierCode',
  ]),
];
