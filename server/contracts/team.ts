import { z } from 'zod';
import { scoreLabelFields } from './score';
import { USER_TYPES } from './enums';

export const teamMemberOutput = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  userType: z.enum(USER_TYPES),
  lastActiveAt: z.string().nullable(),
  pending: z.number().int(),
  completed: z.number().int(),
  averageScore: z.number().nullable(),
});
export type TeamMember = z.infer<typeof teamMemberOutput>;

export const memberIdInput = z.object({ userId: z.uuid() });

export const memberHistoryOutput = z.object({
  member: teamMemberOutput,
  exercises: z.array(
    z.object({
      id: z.uuid(),
      assignmentName: z.string(),
      simulationName: z.string(),
      status: z.enum(['pending', 'in_progress', 'completed']),
      score: z.number().nullable(),
      ...scoreLabelFields,
      callId: z.uuid().nullable(),
      completedAt: z.string().nullable(),
    }),
  ),
  calls: z.array(
    z.object({
      id: z.uuid(),
      simulationName: z.string().nullable(),
      mode: z.string(),
      createdAt: z.string(),
      durationMs: z.number().int().nullable(),
      reportStatus: z.string().nullable(),
      score: z.number().nullable(),
      ...scoreLabelFields,
    }),
  ),
});
