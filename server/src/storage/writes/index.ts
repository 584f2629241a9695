// Composite writes: functions over the repositories that write several things together, in one
// transaction or one group-commit batch, exactly as each was written when it was a store method.

export { writeAggregation } from './aggregation.js';
export { writeCheckout } from './checkout.js';
export { writeDueFirings } from './due-firings.js';
export { writeFollowUp, type FollowUpWrite } from './follow-up.js';
export { writePayment, type NewPaymentParts } from './payment.js';
export { writeRegistration, type NewRegistrationParts } from './registration.js';
export { writeRecordsRedelivery, writeRedelivery } from './redelivery.js';
export { writeEndpointChange, writeEndpointInsert } from './webhook-endpoint.js';
export { writeSecretRotation, type SecretRotationWrite } from './webhook-secret-rotation.js';
export { writeRegistrationDeletion } from './registration-deletion.js';
export { writeSchedule } from './schedule.js';
export { writeSessionStart, type SessionStartWrite } from './session-start.js';
export { writeSessionEnd, type SessionEndWrite } from './session-end.js';
export { writeEntitySettings, type EntitySettingsWrite } from './entity-settings.js';
export { writeMerchantSettings, type MerchantSettingsWrite } from './merchant-settings.js';
export { writeScheduleCancel } from './schedule-cancel.js';
export { writeSettlement, type SettleOutcome, type SettleWrite } from './settlement.js';
export { writeUserChange, type UserChangeWrite } from './user-change.js';
export { writeUserInvite, type UserInviteWrite } from './user-invite.js';
export { writeInvitationAccept, type InvitationAcceptWrite } from './invitation-accept.js';
export { atomically } from './atomically.js';
export { writeMerchant } from './merchant.js';
export { writeTokenCreated, writeTokenRevoked, type TokenAuditBy } from './access-token.js';
