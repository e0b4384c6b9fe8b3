/* Kwinty/Kwintie playouts in C: the rules of state.py (which stays the reference)
   and the playout rule of heuristics.py (the first placement that makes five, else a
   uniformly random one, else a pass), played from a given position to the end.

   A position travels as a flat list of ints (fastplay.py writes it):

     width, kwintie, strict, exhaustion_draw, to_move (-1 once over), passes,
     left[2], n_pieces, then four ints per piece in the order played: player,
     column, row, vertical.

   A move is one int, named like the engine's bit-boards: row * (width + 1) + column
   for a horizontal (its left cell), the same plus VERTICAL for a vertical (its bottom
   cell), or PASS. Legal moves come horizontals first, then verticals, each by
   ascending index: the order of the engine's `legal_moves`. */

#include <stdint.h>
#include <string.h>

#define HEIGHT 9
#define MAX_WIDTH 17
#define MAX_SPAN 9
#define VERTICAL 1024
#define PASS 4095
#define MAX_MOVES 64
#define HEADER 9
#define MAX_PIECES 64
#define FIRST_COLUMN 8   /* Kwinty's first piece stands on i1 */
#define KWINTIE_CENTRE 4 /* Kwintie's first piece avoids e1 */

/* what a cell holds: its owner and which end of its piece it is */
enum { EMPTY = 0, H_LEFT, H_RIGHT, V_BOTTOM, V_TOP };

typedef struct {
    int width, kwintie, strict, draw;
    int to_move, passes, left[2], n_pieces;
    int winner; /* -1: none (yet, or a draw) */
    int heights[MAX_WIDTH];
    int min_col, max_col;
    /* rows 0 and HEIGHT + 1 and columns -1, width stay empty guards: index + 1 */
    signed char owner[HEIGHT + 2][MAX_WIDTH + 2];
    unsigned char part[HEIGHT + 2][MAX_WIDTH + 2];
} Wall;

#define OWNER(w, c, r) ((w)->owner[(r)][(c) + 1])
#define PART(w, c, r) ((w)->part[(r)][(c) + 1])

static void reset(Wall *w, int width, int kwintie, int strict, int draw) {
    memset(w, 0, sizeof(Wall));
    memset(w->owner, -1, sizeof(w->owner));
    w->width = width; w->kwintie = kwintie; w->strict = strict; w->draw = draw;
    w->min_col = width; w->max_col = -1;
    w->winner = -1;
}

static int mine(const Wall *w, int p, int c, int r) {
    if (c < -1 || c > w->width || r < 0 || r > HEIGHT) return 0;
    return OWNER(w, c, r) == p;
}

static int my_part(const Wall *w, int p, int c, int r, int part) {
    return mine(w, p, c, r) && PART(w, c, r) == part;
}

static int run_through(const Wall *w, int p, int c, int r, int dc, int dr) {
    int n = 1;
    for (int k = 1; k < 5 && mine(w, p, c + k * dc, r + k * dr); k++) n++;
    for (int k = 1; k < 5 && mine(w, p, c - k * dc, r - k * dr); k++) n++;
    return n;
}

static const int DIRS[4][2] = {{1, 0}, {0, 1}, {1, 1}, {-1, 1}};

/* does a line of five pass through (c, r), owned by p? */
static int five_through(const Wall *w, int p, int c, int r) {
    for (int d = 0; d < 4; d++)
        if (run_through(w, p, c, r, DIRS[d][0], DIRS[d][1]) >= 5) return 1;
    return 0;
}

/* maximal runs of exactly four cells, each counted once */
static int count_fours(const Wall *w, int p) {
    int total = 0;
    for (int d = 0; d < 4; d++) {
        int dc = DIRS[d][0], dr = DIRS[d][1];
        for (int r = 1; r <= HEIGHT; r++)
            for (int c = 0; c < w->width; c++) {
                if (!mine(w, p, c, r) || mine(w, p, c - dc, r - dr)) continue;
                int n = 1;
                while (mine(w, p, c + n * dc, r + n * dr)) n++;
                if (n == 4) total++;
            }
    }
    return total;
}

static void frame(const Wall *w, int *lo, int *hi) {
    if (w->kwintie || w->n_pieces == 0) { *lo = 0; *hi = w->width - 1; return; }
    *lo = w->max_col - (MAX_SPAN - 1) > 0 ? w->max_col - (MAX_SPAN - 1) : 0;
    *hi = w->min_col + (MAX_SPAN - 1) < w->width - 1 ? w->min_col + (MAX_SPAN - 1) : w->width - 1;
}

/* rule c), as _short_face_clash states it */
static int clash(const Wall *w, int p, int c, int r, int vertical) {
    if (!vertical) {
        if (w->strict)
            return mine(w, p, c - 1, r) || mine(w, p, c + 2, r) ||
                   my_part(w, p, c, r - 1, V_TOP) || my_part(w, p, c + 1, r - 1, V_TOP);
        return my_part(w, p, c - 1, r, H_RIGHT) || my_part(w, p, c + 2, r, H_LEFT);
    }
    if (w->strict)
        return mine(w, p, c, r - 1) || my_part(w, p, c - 1, r, H_RIGHT) ||
               my_part(w, p, c - 1, r + 1, H_RIGHT) || my_part(w, p, c + 1, r, H_LEFT) ||
               my_part(w, p, c + 1, r + 1, H_LEFT);
    return my_part(w, p, c, r - 1, V_TOP);
}

static int standing(const Wall *w, int c) { return c >= 0 && c < w->width && w->heights[c] > 0; }

static int legal(const Wall *w, int *out) {
    int n = 0, stride = w->width + 1, p = w->to_move;
    if (p < 0) return 0;
    if (w->n_pieces == 0) {
        for (int vertical = 0; vertical < 2; vertical++)
            for (int c = 0; c < w->width; c++) {
                if (!w->kwintie) {
                    if (c != FIRST_COLUMN) continue;
                } else if (c == KWINTIE_CENTRE || (!vertical && c + 1 == KWINTIE_CENTRE)) {
                    continue;
                }
                if (!vertical && c + 1 >= w->width) continue;
                out[n++] = stride + c + (vertical ? VERTICAL : 0);
            }
        return n;
    }
    int lo, hi;
    frame(w, &lo, &hi);
    int h_moves[MAX_MOVES], v_moves[MAX_MOVES], nh = 0, nv = 0;
    for (int c = lo; c <= hi; c++) {
        int r = w->heights[c] + 1;
        if (r > HEIGHT) continue;
        /* a horizontal: both columns level, inside the frame */
        if (c + 1 <= hi && w->heights[c + 1] == w->heights[c]) {
            int ok = 1;
            if (!w->kwintie && r == 1 && !standing(w, c - 1) && !standing(w, c + 2)) ok = 0;
            if (ok && !clash(w, p, c, r, 0)) h_moves[nh++] = r * stride + c;
        }
        if (r + 1 <= HEIGHT) {
            int ok = 1;
            if (!w->kwintie && r == 1 && !standing(w, c - 1) && !standing(w, c + 1)) ok = 0;
            if (ok && !clash(w, p, c, r, 1)) v_moves[nv++] = VERTICAL + r * stride + c;
        }
    }
    /* by ascending index: rows first, then columns */
    for (int i = 1; i < nh; i++)
        for (int j = i; j > 0 && h_moves[j - 1] > h_moves[j]; j--) {
            int t = h_moves[j]; h_moves[j] = h_moves[j - 1]; h_moves[j - 1] = t;
        }
    for (int i = 1; i < nv; i++)
        for (int j = i; j > 0 && v_moves[j - 1] > v_moves[j]; j--) {
            int t = v_moves[j]; v_moves[j] = v_moves[j - 1]; v_moves[j - 1] = t;
        }
    for (int i = 0; i < nh; i++) out[n++] = h_moves[i];
    for (int i = 0; i < nv; i++) out[n++] = v_moves[i];
    return n;
}

static void end_by_exhaustion(Wall *w) {
    w->to_move = -1;
    w->winner = -1;
    if (w->draw) return;
    int a = count_fours(w, 0), b = count_fours(w, 1);
    if (a != b) w->winner = a > b ? 0 : 1;
}

static void cells_of(const Wall *w, int move, int *c, int *r, int *vertical) {
    int stride = w->width + 1;
    *vertical = move >= VERTICAL;
    int index = *vertical ? move - VERTICAL : move;
    *r = index / stride;
    *c = index % stride;
}

static void set_cell(Wall *w, int p, int c, int r, int part) {
    OWNER(w, c, r) = (signed char)p;
    PART(w, c, r) = (unsigned char)part;
}

/* place without the turn's consequences (used to build a loaded position too) */
static int put(Wall *w, int p, int c, int r, int vertical) {
    if (c < 0 || r < 1 || r > HEIGHT || w->n_pieces >= MAX_PIECES) return -1;
    if (vertical) {
        if (r + 1 > HEIGHT || c >= w->width) return -1;
        set_cell(w, p, c, r, V_BOTTOM);
        set_cell(w, p, c, r + 1, V_TOP);
        w->heights[c] = r + 1;
        if (c > w->max_col) w->max_col = c;
    } else {
        if (c + 1 >= w->width) return -1;
        set_cell(w, p, c, r, H_LEFT);
        set_cell(w, p, c + 1, r, H_RIGHT);
        w->heights[c] = w->heights[c + 1] = r;
        if (c + 1 > w->max_col) w->max_col = c + 1;
    }
    if (c < w->min_col) w->min_col = c;
    w->n_pieces++;
    return 0;
}

static int play(Wall *w, int move) {
    int p = w->to_move;
    if (move == PASS) {
        w->passes++;
        if (w->passes >= 2 || w->left[1 - p] == 0) end_by_exhaustion(w);
        else w->to_move = 1 - p;
        return 0;
    }
    int c, r, vertical;
    cells_of(w, move, &c, &r, &vertical);
    if (put(w, p, c, r, vertical) != 0) return -1;
    w->left[p]--;
    w->passes = 0;
    if (five_through(w, p, c, r) || five_through(w, p, vertical ? c : c + 1, vertical ? r + 1 : r)) {
        w->winner = p;
        w->to_move = -1;
        return 0;
    }
    if (w->left[1 - p] > 0) w->to_move = 1 - p;
    else if (w->left[p] > 0) w->to_move = p;
    else end_by_exhaustion(w);
    return 0;
}

/* would this placement make five for the mover? */
static int wins(Wall *w, int move) {
    int c, r, vertical, p = w->to_move;
    cells_of(w, move, &c, &r, &vertical);
    int c2 = vertical ? c : c + 1, r2 = vertical ? r + 1 : r;
    OWNER(w, c, r) = (signed char)p;
    OWNER(w, c2, r2) = (signed char)p;
    int made = five_through(w, p, c, r) || five_through(w, p, c2, r2);
    OWNER(w, c, r) = -1;
    OWNER(w, c2, r2) = -1;
    return made;
}

int kw_state_ints(void) { return (int)(sizeof(Wall) / sizeof(int)) + 1; }

int kw_load(void *buffer, const int *in, int n) {
    Wall *w = (Wall *)buffer;
    if (n < HEADER) return -1;
    int width = in[0];
    if (width < 2 || width > MAX_WIDTH) return -1;
    reset(w, width, in[1], in[2], in[3]);
    int count = in[8];
    if (count < 0 || count > MAX_PIECES || n != HEADER + 4 * count) return -1;
    for (int i = 0; i < count; i++) {
        const int *piece = in + HEADER + 4 * i;
        if (piece[0] < 0 || piece[0] > 1) return -1;
        if (put(w, piece[0], piece[1], piece[2], piece[3]) != 0) return -1;
    }
    w->to_move = in[4]; w->passes = in[5]; w->left[0] = in[6]; w->left[1] = in[7];
    if (w->to_move < -1 || w->to_move > 1) return -1;
    return 0;
}

int kw_legal(const void *buffer, int *out) {
    const Wall *w = (const Wall *)buffer;
    int n = legal(w, out);
    if (n == 0 && w->to_move >= 0) out[n++] = PASS;
    return n;
}

int kw_play(void *buffer, int move) { return play((Wall *)buffer, move); }

/* to_move, passes, left[0], left[1], winner */
void kw_status(const void *buffer, int *out) {
    const Wall *w = (const Wall *)buffer;
    out[0] = w->to_move; out[1] = w->passes; out[2] = w->left[0]; out[3] = w->left[1];
    out[4] = w->winner;
}

static uint64_t next_random(uint64_t *s) {
    /* xorshift64*: plenty for choosing among a few dozen moves */
    *s ^= *s >> 12;
    *s ^= *s << 25;
    *s ^= *s >> 27;
    return *s * 2685821657736338717ULL;
}

/* the mover's placements that make five now, in legal-move order */
int kw_winning(void *buffer, int *out) {
    Wall *w = (Wall *)buffer;
    int moves[MAX_MOVES], n = 0;
    int count = legal(w, moves);
    for (int i = 0; i < count; i++)
        if (wins(w, moves[i])) out[n++] = moves[i];
    return n;
}

/* Plays the playout rule to the end; returns the winner (0, 1) or -1 for a draw,
   or -2 when the position is beyond what this file handles. */
int kw_playout(const int *in, int n, uint64_t seed) {
    Wall wall; /* on the stack: calls from several threads stay apart */
    Wall *w = &wall;
    int moves[MAX_MOVES];
    uint64_t s = seed ? seed : 0x9E3779B97F4A7C15ULL;
    if (kw_load(w, in, n) != 0) return -2;
    while (w->to_move >= 0) {
        int count = legal(w, moves);
        int move = PASS;
        if (count > 0) {
            move = -1;
            for (int i = 0; i < count && move < 0; i++)
                if (wins(w, moves[i])) move = moves[i];
            if (move < 0) move = moves[(next_random(&s) >> 33) % (uint64_t)count];
        }
        if (play(w, move) != 0) return -2;
    }
    return w->winner;
}
