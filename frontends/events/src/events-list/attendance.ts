/** Attendance of one member at one date of an event (spec section 9). */
export const attendanceStatuses = ['GOING', 'MAYBE', 'NOT_GOING'] as const;
export type AttendanceStatus = (typeof attendanceStatuses)[number];

export const attendanceLabels: Record<AttendanceStatus, string> = {
  GOING: 'Going',
  MAYBE: 'Maybe',
  NOT_GOING: 'Not going',
};

export const attendanceColors: Record<AttendanceStatus, string> = {
  GOING: 'green',
  MAYBE: 'yellow',
  NOT_GOING: 'gray',
};
