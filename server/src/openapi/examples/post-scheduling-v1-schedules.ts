import { ENTITY, type ExampleRequest } from './example.js';

export const examples: readonly ExampleRequest[] = [
  {
    name: 'monthlySchedule',
    summary: 'Debit the stored card on the first of every month at 09:00',
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
      'job.hour': '9',
      'job.dayOfMonth': '1',
      'job.month': '*',
      'job.dayOfWeek': '?',
    },
    status: 200,
    remember: { schedule: 'id' },
  },
];
