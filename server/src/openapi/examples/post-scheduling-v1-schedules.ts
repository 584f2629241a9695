import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'monthlySchedule',
    summary: 'Debit the stored card every day at 01:00 (UTC)',
    route: 'POST /scheduling/v1/schedules',
    step: 30,
    params: {
      ...ENTITY,
      registrationId: '{{registration}}',
      amount: '9.90',
      currency: 'EUR',
      paymentType: 'DB',
      'job.second': '0',
      'job.minute': '0',
      'job.hour': '1',
      'job.dayOfMonth': '*',
      'job.month': '*',
      'job.dayOfWeek': '?',
    },
    status: 200,
    remember: { schedule: 'id' },
  },
];
