/**
 * Names for the controls of Mantine's date pickers and calendars (screen readers; the unit and
 * e2e tests find the controls by these). Pass as `ariaLabels`.
 */
export const calendarLabels = {
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  previousYear: 'Previous year',
  nextYear: 'Next year',
  previousDecade: 'Previous decade',
  nextDecade: 'Next decade',
  monthLevelControl: 'Choose a month',
  yearLevelControl: 'Choose a year',
};
