;; re-find scanning a 16 MiB string (the longest a program may build) again and again
;; family: regex
;; expect: limit
;; limits: --timeout-ms 300 --max-steps 1000000000000
(def s (loop [s "a" i 0] (if (< i 24) (recur (str s s) (inc i)) s)))  ; 16 MiB
(loop [i 0] (if (< i 100000) (do (re-find #"(a+)+b" s) (recur (inc i))) :done))
