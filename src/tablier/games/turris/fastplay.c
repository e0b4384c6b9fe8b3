/* Turris random playouts in C: the same rules as state.py (which stays the
   reference), played from a given position to the end, then scored on the five views.

   A position travels as a flat list of ints (fastplay.py writes it, tu_export
   writes it back, so the tests can compare the two engines move by move):

     phase, to_move, passes, bonus_chain, supply[2], last_placed[2],
     n_forbidden[2], n_pieces, forbidden positions of player 0 then 1 (z * 9 + cell,
     ascending), then five ints per piece id: owner (-1 once removed), vertical,
     first cell, second cell (-1 for a vertical), level; a removed piece is
     (-1, 0, 0, -1, 0).

   A move is one int: a vertical on cell c is c, the i-th horizontal place is
   H_BASE + i, the removal of the piece whose first cube is (c, z) is
   X_BASE + z * 9 + c, then SKIP and PASS. */

#include <stdint.h>
#include <string.h>

#define CELLS 9
#define CENTRE 4
#define LEVELS 15
#define SLOTS (LEVELS * CELLS)
#define MAX_PIECES 1024
#define MAX_MOVES 128
#define H_BASE 16
#define X_BASE 32
#define SKIP 1000
#define PASS 1001
#define PLACE 0
#define BONUS 1
#define OVER 2
#define HEADER 11

typedef struct {
    int phase, to_move, passes, bonus_chain;
    int supply[2], last_placed[2];
    int n_pieces;
    int owner[MAX_PIECES], vertical[MAX_PIECES], c0[MAX_PIECES], c1[MAX_PIECES], z[MAX_PIECES];
    int heights[CELLS];
    int grid[SLOTS];
    int level_count[LEVELS + 1];
    unsigned char forbidden[2][SLOTS];
    int any_forbidden[2];
} Tower;

/* geometry, given once by tu_setup: neighbours, the twelve horizontal places, and
   per face its three lines of sight (left to right), each three cells front to back */
static int n_neigh[CELLS];
static int neigh[CELLS][4];
static int pair_a[12], pair_b[12];
static int face_line[4][3][3];
static int roof_cell[3][3];

int tu_setup(const int *data) {
    int k = 0;
    for (int c = 0; c < CELLS; c++) {
        n_neigh[c] = data[k++];
        if (n_neigh[c] < 0 || n_neigh[c] > 4) return -1;
        for (int j = 0; j < 4; j++) neigh[c][j] = data[k++];
    }
    for (int i = 0; i < 12; i++) { pair_a[i] = data[k++]; pair_b[i] = data[k++]; }
    for (int f = 0; f < 4; f++)
        for (int l = 0; l < 3; l++)
            for (int j = 0; j < 3; j++) face_line[f][l][j] = data[k++];
    for (int r = 0; r < 3; r++)
        for (int j = 0; j < 3; j++) roof_cell[r][j] = data[k++];
    return 0;
}

int tu_state_ints(void) { return (int)(sizeof(Tower) / sizeof(int)) + 1; }

static int put_piece(Tower *t, int id) {
    int c = t->c0[id], z = t->z[id];
    if (c < 0 || c >= CELLS || z < 1 || z + 1 >= LEVELS) return -1;
    if (t->vertical[id]) {
        t->grid[z * CELLS + c] = id;
        t->grid[(z + 1) * CELLS + c] = id;
        t->level_count[z]++;
        t->level_count[z + 1]++;
        if (t->heights[c] < z + 1) t->heights[c] = z + 1;
    } else {
        int d = t->c1[id];
        if (d < 0 || d >= CELLS) return -1;
        t->grid[z * CELLS + c] = id;
        t->grid[z * CELLS + d] = id;
        t->level_count[z] += 2;
        if (t->heights[c] < z) t->heights[c] = z;
        if (t->heights[d] < z) t->heights[d] = z;
    }
    return 0;
}

int tu_load(void *buffer, const int *in, int n) {
    Tower *t = (Tower *)buffer;
    if (n < HEADER) return -1;
    memset(t, 0, sizeof(Tower));
    for (int s = 0; s < SLOTS; s++) t->grid[s] = -1;
    t->phase = in[0]; t->to_move = in[1]; t->passes = in[2]; t->bonus_chain = in[3];
    t->supply[0] = in[4]; t->supply[1] = in[5];
    t->last_placed[0] = in[6]; t->last_placed[1] = in[7];
    int nf0 = in[8], nf1 = in[9], np = in[10];
    if (nf0 < 0 || nf1 < 0 || np < 0 || np > MAX_PIECES) return -1;
    if (n != HEADER + nf0 + nf1 + 5 * np) return -1;
    int k = HEADER;
    for (int p = 0; p < 2; p++) {
        int count = p == 0 ? nf0 : nf1;
        for (int j = 0; j < count; j++) {
            int slot = in[k++];
            if (slot < 0 || slot >= SLOTS) return -1;
            t->forbidden[p][slot] = 1;
        }
        t->any_forbidden[p] = count > 0;
    }
    t->n_pieces = np;
    for (int id = 0; id < np; id++) {
        t->owner[id] = in[k++];
        t->vertical[id] = in[k++];
        t->c0[id] = in[k++];
        t->c1[id] = in[k++];
        t->z[id] = in[k++];
        if (t->owner[id] >= 0 && put_piece(t, id) != 0) return -1;
    }
    return 0;
}

int tu_export(const void *buffer, int *out) {
    const Tower *t = (const Tower *)buffer;
    int k = HEADER;
    int counts[2] = {0, 0};
    out[0] = t->phase; out[1] = t->to_move; out[2] = t->passes; out[3] = t->bonus_chain;
    out[4] = t->supply[0]; out[5] = t->supply[1];
    out[6] = t->last_placed[0]; out[7] = t->last_placed[1];
    for (int p = 0; p < 2; p++)
        for (int s = 0; s < SLOTS; s++)
            if (t->forbidden[p][s]) { out[k++] = s; counts[p]++; }
    out[8] = counts[0]; out[9] = counts[1]; out[10] = t->n_pieces;
    for (int id = 0; id < t->n_pieces; id++) {
        int gone = t->owner[id] < 0; /* a removed piece is written as (-1, 0, 0, -1, 0) */
        out[k++] = t->owner[id]; out[k++] = gone ? 0 : t->vertical[id];
        out[k++] = gone ? 0 : t->c0[id]; out[k++] = gone ? -1 : t->c1[id];
        out[k++] = gone ? 0 : t->z[id];
    }
    return k;
}

static int lowest_incomplete(const Tower *t) {
    int z = 1;
    while (z < LEVELS && t->level_count[z] == 9) z++;
    return z;
}

static int is_forbidden(const Tower *t, int p, int c, int z) {
    return t->forbidden[p][z * CELLS + c];
}

/* rules a) to f), in the order state.py lists the moves */
static int placements(const Tower *t, int p, int *out) {
    int n = 0;
    if (t->supply[p] == 0) return 0;
    int limit = lowest_incomplete(t) + 2;
    int first = t->n_pieces == 0;
    for (int c = 0; c < CELLS; c++) {
        int z = t->heights[c] + 1;
        if (z + 1 > limit) continue;
        if (!first) {
            int held = 0;
            for (int j = 0; j < n_neigh[c]; j++)
                if (t->heights[neigh[c][j]] >= z) { held = 1; break; }
            if (!held) continue;
        }
        if (c == CENTRE && (t->level_count[z] == 0 || t->level_count[z + 1] == 0)) continue;
        if (t->any_forbidden[p] && (is_forbidden(t, p, c, z) || is_forbidden(t, p, c, z + 1)))
            continue;
        out[n++] = c;
    }
    for (int i = 0; i < 12; i++) {
        int a = pair_a[i], b = pair_b[i];
        int h = t->heights[a];
        if (h == 0 || t->heights[b] != h || h + 1 > limit) continue;
        if (t->grid[h * CELLS + a] == t->grid[h * CELLS + b]) continue;
        int z = h + 1;
        if ((a == CENTRE || b == CENTRE) && t->level_count[z] == 0) continue;
        if (t->any_forbidden[p] && (is_forbidden(t, p, a, z) || is_forbidden(t, p, b, z)))
            continue;
        out[n++] = H_BASE + i;
    }
    return n;
}

static int removable(const Tower *t, int id, int lowest) {
    int z = t->z[id];
    int top = t->vertical[id] ? z + 1 : z;
    int c = t->c0[id], d = t->vertical[id] ? -1 : t->c1[id];
    if (t->heights[c] != top || (d >= 0 && t->heights[d] != top)) return 0;
    int highest = 0;
    for (int e = 0; e < CELLS; e++) {
        int h = (e == c || e == d) ? z - 1 : t->heights[e];
        if (h > highest) highest = h;
    }
    int floor = lowest < z ? lowest : z;
    return highest <= floor + 2;
}

/* the opponent's removable pieces, by level then cell */
static int removals(const Tower *t, int p, int *out) {
    int opponent = 1 - p, n = 0;
    int protected_id = t->last_placed[opponent];
    int lowest = lowest_incomplete(t);
    for (int id = 0; id < t->n_pieces; id++) {
        if (t->owner[id] != opponent || id == protected_id) continue;
        if (!removable(t, id, lowest)) continue;
        int code = X_BASE + t->z[id] * CELLS + t->c0[id];
        int j = n++;
        while (j > 0 && out[j - 1] > code) { out[j] = out[j - 1]; j--; }
        out[j] = code;
    }
    return n;
}

static int legal(const Tower *t, int *out) {
    if (t->phase == OVER) return 0;
    int p = t->to_move;
    int n = placements(t, p, out);
    if (t->phase == BONUS) {
        n += removals(t, p, out + n);
        out[n++] = SKIP;
    } else if (n == 0) {
        out[n++] = PASS;
    }
    return n;
}

int tu_legal(const void *buffer, int *out) { return legal((const Tower *)buffer, out); }

static void end_turn(Tower *t, int p) {
    int other = 1 - p;
    if (t->supply[other] > 0) { t->to_move = other; t->phase = PLACE; }
    else if (t->supply[p] > 0) { t->to_move = p; t->phase = PLACE; }
    else t->phase = OVER;
}

static int place(Tower *t, int p, int vertical, int c, int d) {
    int id = t->n_pieces;
    if (id >= MAX_PIECES) return -1;
    t->n_pieces++;
    t->owner[id] = p; t->vertical[id] = vertical; t->c0[id] = c; t->c1[id] = d;
    t->z[id] = t->heights[c] + 1;
    put_piece(t, id);
    t->supply[p]--;
    t->last_placed[p] = id;
    if (t->any_forbidden[p]) {
        memset(t->forbidden[p], 0, SLOTS);
        t->any_forbidden[p] = 0;
    }
    t->passes = 0;
    int centre = c == CENTRE || d == CENTRE;
    if (centre && (t->phase == PLACE || t->bonus_chain)) t->phase = BONUS;
    else end_turn(t, p);
    return 0;
}

static void take_away(Tower *t, int p, int slot) {
    int id = t->grid[slot];
    int z = t->z[id], c = t->c0[id], owner = t->owner[id];
    int d = t->vertical[id] ? -1 : t->c1[id];
    int freed[2], nfreed = 0;
    if (t->vertical[id]) { freed[0] = z * CELLS + c; freed[1] = (z + 1) * CELLS + c; }
    else { freed[0] = z * CELLS + c; freed[1] = z * CELLS + d; }
    nfreed = 2;
    for (int j = 0; j < nfreed; j++) {
        t->grid[freed[j]] = -1;
        t->level_count[freed[j] / CELLS]--;
        t->forbidden[owner][freed[j]] = 1;
    }
    t->any_forbidden[owner] = 1;
    t->heights[c] = z - 1;
    if (d >= 0) t->heights[d] = z - 1;
    t->owner[id] = -1;
    t->supply[owner]++;
    end_turn(t, p);
}

static int play(Tower *t, int move) {
    int p = t->to_move;
    if (move < H_BASE) return place(t, p, 1, move, -1);
    if (move < X_BASE) return place(t, p, 0, pair_a[move - H_BASE], pair_b[move - H_BASE]);
    if (move == SKIP) { end_turn(t, p); return 0; }
    if (move == PASS) {
        t->passes++;
        if (t->passes >= 2) t->phase = OVER;
        else end_turn(t, p);
        return 0;
    }
    take_away(t, p, move - X_BASE);
    return 0;
}

int tu_play(void *buffer, int move) { return play((Tower *)buffer, move); }

/* ------------------------------------------------------------------ scoring */

/* the size of each player's largest 4-connected region in a rows x cols view */
static void regions(const int *cells, int rows, int cols, int *best) {
    unsigned char seen[LEVELS * 3 + 9];
    int queue[LEVELS * 3 + 9];
    memset(seen, 0, sizeof(seen));
    best[0] = best[1] = 0;
    for (int s = 0; s < rows * cols; s++) {
        int who = cells[s];
        if (who < 0 || seen[s]) continue;
        int head = 0, tail = 0;
        queue[tail++] = s;
        seen[s] = 1;
        while (head < tail) {
            int q = queue[head++];
            int r = q / cols, col = q % cols;
            int next[4] = {r > 0 ? q - cols : -1, r + 1 < rows ? q + cols : -1,
                           col > 0 ? q - 1 : -1, col + 1 < cols ? q + 1 : -1};
            for (int j = 0; j < 4; j++) {
                int m = next[j];
                if (m >= 0 && !seen[m] && cells[m] == who) { seen[m] = 1; queue[tail++] = m; }
            }
        }
        if (tail > best[who]) best[who] = tail;
    }
}

static int owner_at(const Tower *t, int c, int z) { return t->owner[t->grid[z * CELLS + c]]; }

static void totals(const Tower *t, int *out) {
    int height = 0;
    for (int c = 0; c < CELLS; c++) if (t->heights[c] > height) height = t->heights[c];
    int cells[LEVELS * 3 + 9];
    int best[2];
    out[0] = out[1] = 0;
    for (int f = 0; f < 4; f++) {
        for (int z = height, row = 0; z >= 1; z--, row++) {
            for (int l = 0; l < 3; l++) {
                int seen = -1;
                for (int j = 0; j < 3; j++) {
                    int c = face_line[f][l][j];
                    if (t->heights[c] >= z) { seen = owner_at(t, c, z); break; }
                }
                cells[row * 3 + l] = seen;
            }
        }
        regions(cells, height, 3, best);
        out[0] += best[0];
        out[1] += best[1];
    }
    for (int r = 0; r < 3; r++)
        for (int j = 0; j < 3; j++) {
            int c = roof_cell[r][j];
            cells[r * 3 + j] = t->heights[c] > 0 ? owner_at(t, c, t->heights[c]) : -1;
        }
    regions(cells, 3, 3, best);
    out[0] += best[0];
    out[1] += best[1];
}

void tu_totals(const void *buffer, int *out) { totals((const Tower *)buffer, out); }

/* ----------------------------------------------------------------- playouts */

static uint64_t next_random(uint64_t *s) {
    /* xorshift64*: plenty for choosing among a few dozen moves */
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

/* Plays uniformly random legal moves to the end; -1 when the position is beyond
   what this file handles (the caller then plays it in Python). */
int tu_playout(const int *in, int n, uint64_t seed, int *out) {
    Tower tower; /* on the stack: calls from several threads stay apart */
    Tower *t = &tower;
    int moves[MAX_MOVES];
    uint64_t s = seed ? seed : 0x9E3779B97F4A7C15ULL;
    if (tu_load(t, in, n) != 0) return -1;
    while (t->phase != OVER) {
        int count = legal(t, moves);
        int pick = (int)((next_random(&s) >> 33) % (uint64_t)count);
        if (play(t, moves[pick]) != 0) return -1;
    }
    totals(t, out);
    return 0;
}
