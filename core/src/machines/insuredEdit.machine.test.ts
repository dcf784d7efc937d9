import { describe, expect, it } from 'vitest';
import { replayFormModel } from '../testing/formModelTest.ts';
import { insuredEditMachine, insuredEditRow } from './insuredEdit.machine.ts';

const values = {
  rang: '1',
  sexe: 'M',
  organismeAffiliation: 'CPAM',
  dateNaissance: '1980-01-01',
  dateEffet: '2024-01-01',
  dateResil: '',
  motifResil: '',
};

describe('insured edit machine', () => {
  it('replays its model paths: typing, saving, every failure, success', async () => {
    const result = await replayFormModel({
      machine: insuredEditMachine,
      input: { values },
      changes: [
        ['rang', '2'],
        ['dateResil', '2025-06-30'],
        ['motifResil', ' '],
      ],
      isSendable: () => true,
      assertEqual: (a, e, m) => expect(a, m).toEqual(e),
    });
    console.log(
      `insured edit machine: ${result.paths} paths replayed, ${result.states} states reached, ${result.transitions} transitions covered`,
    );
    expect(result.states).toBe(4);
  });

  it('sends blanks as nulls and the rank as a number, the rest of the row unchanged', () => {
    const person = { idAssure: 7, nomprenom: 'MARTIN Claire', rang: 1, motifResil: 'x' } as never;
    expect(insuredEditRow(person, { ...values, rang: ' 3 ', motifResil: '  ' })).toMatchObject({
      idAssure: 7,
      nomprenom: 'MARTIN Claire',
      rang: 3,
      motifResil: null,
      dateResil: null,
      sexe: 'M',
    });
  });

  it('never sends back the masked NIR the server showed', () => {
    const person = { idAssure: 7, numeroSecu: '1 80 01 •• ••• ••• 42' } as never;
    expect(insuredEditRow(person, values)).not.toHaveProperty('numeroSecu');
  });
});
