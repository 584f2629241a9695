// The headers of a webhook notification on the wire. The IV and the tag are what integrations
// already read (AES-256-GCM, see cipher.ts); the event id lets a receiver recognise a redelivery
// of a notification it has already handled (delivery is at least once).

export const IV_HEADER = 'X-Initialization-Vector';
export const TAG_HEADER = 'X-Authentication-Tag';
export const EVENT_ID_HEADER = 'X-Event-Id';
